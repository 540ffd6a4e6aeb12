from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_keyframes_height_item import DesignKeyframesHeightItem
    from ..models.design_keyframes_opacity_item import DesignKeyframesOpacityItem
    from ..models.design_keyframes_rotation_item import DesignKeyframesRotationItem
    from ..models.design_keyframes_scale_item import DesignKeyframesScaleItem
    from ..models.design_keyframes_width_item import DesignKeyframesWidthItem
    from ..models.design_keyframes_x_item import DesignKeyframesXItem
    from ..models.design_keyframes_y_item import DesignKeyframesYItem


T = TypeVar("T", bound="DesignKeyframes")


@_attrs_define
class DesignKeyframes:
    """Keyframed properties, each a list of `{t_ms, value, easing}` in time order: before the first keyframe the property
    has its value, after the last the last one.

        Attributes:
            x (list[DesignKeyframesXItem] | Unset): px
            y (list[DesignKeyframesYItem] | Unset): px
            width (list[DesignKeyframesWidthItem] | Unset): px
            height (list[DesignKeyframesHeightItem] | Unset): px
            rotation (list[DesignKeyframesRotationItem] | Unset): degrees clockwise
            opacity (list[DesignKeyframesOpacityItem] | Unset): 0-1
            scale (list[DesignKeyframesScaleItem] | Unset): about the centre of the box
    """

    x: list[DesignKeyframesXItem] | Unset = UNSET
    y: list[DesignKeyframesYItem] | Unset = UNSET
    width: list[DesignKeyframesWidthItem] | Unset = UNSET
    height: list[DesignKeyframesHeightItem] | Unset = UNSET
    rotation: list[DesignKeyframesRotationItem] | Unset = UNSET
    opacity: list[DesignKeyframesOpacityItem] | Unset = UNSET
    scale: list[DesignKeyframesScaleItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        x: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.x, Unset):
            x = []
            for x_item_data in self.x:
                x_item = x_item_data.to_dict()
                x.append(x_item)

        y: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.y, Unset):
            y = []
            for y_item_data in self.y:
                y_item = y_item_data.to_dict()
                y.append(y_item)

        width: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.width, Unset):
            width = []
            for width_item_data in self.width:
                width_item = width_item_data.to_dict()
                width.append(width_item)

        height: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.height, Unset):
            height = []
            for height_item_data in self.height:
                height_item = height_item_data.to_dict()
                height.append(height_item)

        rotation: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rotation, Unset):
            rotation = []
            for rotation_item_data in self.rotation:
                rotation_item = rotation_item_data.to_dict()
                rotation.append(rotation_item)

        opacity: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.opacity, Unset):
            opacity = []
            for opacity_item_data in self.opacity:
                opacity_item = opacity_item_data.to_dict()
                opacity.append(opacity_item)

        scale: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scale, Unset):
            scale = []
            for scale_item_data in self.scale:
                scale_item = scale_item_data.to_dict()
                scale.append(scale_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if x is not UNSET:
            field_dict["x"] = x
        if y is not UNSET:
            field_dict["y"] = y
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if rotation is not UNSET:
            field_dict["rotation"] = rotation
        if opacity is not UNSET:
            field_dict["opacity"] = opacity
        if scale is not UNSET:
            field_dict["scale"] = scale

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_keyframes_height_item import DesignKeyframesHeightItem
        from ..models.design_keyframes_opacity_item import DesignKeyframesOpacityItem
        from ..models.design_keyframes_rotation_item import DesignKeyframesRotationItem
        from ..models.design_keyframes_scale_item import DesignKeyframesScaleItem
        from ..models.design_keyframes_width_item import DesignKeyframesWidthItem
        from ..models.design_keyframes_x_item import DesignKeyframesXItem
        from ..models.design_keyframes_y_item import DesignKeyframesYItem

        d = dict(src_dict)
        _x = d.pop("x", UNSET)
        x: list[DesignKeyframesXItem] | Unset = UNSET
        if _x is not UNSET:
            x = []
            for x_item_data in _x:
                x_item = DesignKeyframesXItem.from_dict(x_item_data)

                x.append(x_item)

        _y = d.pop("y", UNSET)
        y: list[DesignKeyframesYItem] | Unset = UNSET
        if _y is not UNSET:
            y = []
            for y_item_data in _y:
                y_item = DesignKeyframesYItem.from_dict(y_item_data)

                y.append(y_item)

        _width = d.pop("width", UNSET)
        width: list[DesignKeyframesWidthItem] | Unset = UNSET
        if _width is not UNSET:
            width = []
            for width_item_data in _width:
                width_item = DesignKeyframesWidthItem.from_dict(width_item_data)

                width.append(width_item)

        _height = d.pop("height", UNSET)
        height: list[DesignKeyframesHeightItem] | Unset = UNSET
        if _height is not UNSET:
            height = []
            for height_item_data in _height:
                height_item = DesignKeyframesHeightItem.from_dict(height_item_data)

                height.append(height_item)

        _rotation = d.pop("rotation", UNSET)
        rotation: list[DesignKeyframesRotationItem] | Unset = UNSET
        if _rotation is not UNSET:
            rotation = []
            for rotation_item_data in _rotation:
                rotation_item = DesignKeyframesRotationItem.from_dict(
                    rotation_item_data
                )

                rotation.append(rotation_item)

        _opacity = d.pop("opacity", UNSET)
        opacity: list[DesignKeyframesOpacityItem] | Unset = UNSET
        if _opacity is not UNSET:
            opacity = []
            for opacity_item_data in _opacity:
                opacity_item = DesignKeyframesOpacityItem.from_dict(opacity_item_data)

                opacity.append(opacity_item)

        _scale = d.pop("scale", UNSET)
        scale: list[DesignKeyframesScaleItem] | Unset = UNSET
        if _scale is not UNSET:
            scale = []
            for scale_item_data in _scale:
                scale_item = DesignKeyframesScaleItem.from_dict(scale_item_data)

                scale.append(scale_item)

        design_keyframes = cls(
            x=x,
            y=y,
            width=width,
            height=height,
            rotation=rotation,
            opacity=opacity,
            scale=scale,
        )

        return design_keyframes
