from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_text_keyframes_color_item import DesignTextKeyframesColorItem
    from ..models.design_text_keyframes_height_item import DesignTextKeyframesHeightItem
    from ..models.design_text_keyframes_opacity_item import (
        DesignTextKeyframesOpacityItem,
    )
    from ..models.design_text_keyframes_rotation_item import (
        DesignTextKeyframesRotationItem,
    )
    from ..models.design_text_keyframes_scale_item import DesignTextKeyframesScaleItem
    from ..models.design_text_keyframes_width_item import DesignTextKeyframesWidthItem
    from ..models.design_text_keyframes_x_item import DesignTextKeyframesXItem
    from ..models.design_text_keyframes_y_item import DesignTextKeyframesYItem


T = TypeVar("T", bound="DesignTextKeyframes")


@_attrs_define
class DesignTextKeyframes:
    """Keyframed properties, each a list of `{t_ms, value, easing}` in time order: before the first keyframe the property
    has its value, after the last the last one.

        Attributes:
            x (list[DesignTextKeyframesXItem] | Unset): px
            y (list[DesignTextKeyframesYItem] | Unset): px
            width (list[DesignTextKeyframesWidthItem] | Unset): px
            height (list[DesignTextKeyframesHeightItem] | Unset): px
            rotation (list[DesignTextKeyframesRotationItem] | Unset): degrees clockwise
            opacity (list[DesignTextKeyframesOpacityItem] | Unset): 0-1
            scale (list[DesignTextKeyframesScaleItem] | Unset): about the centre of the box
            color (list[DesignTextKeyframesColorItem] | Unset): the text colour
    """

    x: list[DesignTextKeyframesXItem] | Unset = UNSET
    y: list[DesignTextKeyframesYItem] | Unset = UNSET
    width: list[DesignTextKeyframesWidthItem] | Unset = UNSET
    height: list[DesignTextKeyframesHeightItem] | Unset = UNSET
    rotation: list[DesignTextKeyframesRotationItem] | Unset = UNSET
    opacity: list[DesignTextKeyframesOpacityItem] | Unset = UNSET
    scale: list[DesignTextKeyframesScaleItem] | Unset = UNSET
    color: list[DesignTextKeyframesColorItem] | Unset = UNSET

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

        color: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = []
            for color_item_data in self.color:
                color_item = color_item_data.to_dict()
                color.append(color_item)

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
        if color is not UNSET:
            field_dict["color"] = color

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_text_keyframes_color_item import (
            DesignTextKeyframesColorItem,
        )
        from ..models.design_text_keyframes_height_item import (
            DesignTextKeyframesHeightItem,
        )
        from ..models.design_text_keyframes_opacity_item import (
            DesignTextKeyframesOpacityItem,
        )
        from ..models.design_text_keyframes_rotation_item import (
            DesignTextKeyframesRotationItem,
        )
        from ..models.design_text_keyframes_scale_item import (
            DesignTextKeyframesScaleItem,
        )
        from ..models.design_text_keyframes_width_item import (
            DesignTextKeyframesWidthItem,
        )
        from ..models.design_text_keyframes_x_item import DesignTextKeyframesXItem
        from ..models.design_text_keyframes_y_item import DesignTextKeyframesYItem

        d = dict(src_dict)
        _x = d.pop("x", UNSET)
        x: list[DesignTextKeyframesXItem] | Unset = UNSET
        if _x is not UNSET:
            x = []
            for x_item_data in _x:
                x_item = DesignTextKeyframesXItem.from_dict(x_item_data)

                x.append(x_item)

        _y = d.pop("y", UNSET)
        y: list[DesignTextKeyframesYItem] | Unset = UNSET
        if _y is not UNSET:
            y = []
            for y_item_data in _y:
                y_item = DesignTextKeyframesYItem.from_dict(y_item_data)

                y.append(y_item)

        _width = d.pop("width", UNSET)
        width: list[DesignTextKeyframesWidthItem] | Unset = UNSET
        if _width is not UNSET:
            width = []
            for width_item_data in _width:
                width_item = DesignTextKeyframesWidthItem.from_dict(width_item_data)

                width.append(width_item)

        _height = d.pop("height", UNSET)
        height: list[DesignTextKeyframesHeightItem] | Unset = UNSET
        if _height is not UNSET:
            height = []
            for height_item_data in _height:
                height_item = DesignTextKeyframesHeightItem.from_dict(height_item_data)

                height.append(height_item)

        _rotation = d.pop("rotation", UNSET)
        rotation: list[DesignTextKeyframesRotationItem] | Unset = UNSET
        if _rotation is not UNSET:
            rotation = []
            for rotation_item_data in _rotation:
                rotation_item = DesignTextKeyframesRotationItem.from_dict(
                    rotation_item_data
                )

                rotation.append(rotation_item)

        _opacity = d.pop("opacity", UNSET)
        opacity: list[DesignTextKeyframesOpacityItem] | Unset = UNSET
        if _opacity is not UNSET:
            opacity = []
            for opacity_item_data in _opacity:
                opacity_item = DesignTextKeyframesOpacityItem.from_dict(
                    opacity_item_data
                )

                opacity.append(opacity_item)

        _scale = d.pop("scale", UNSET)
        scale: list[DesignTextKeyframesScaleItem] | Unset = UNSET
        if _scale is not UNSET:
            scale = []
            for scale_item_data in _scale:
                scale_item = DesignTextKeyframesScaleItem.from_dict(scale_item_data)

                scale.append(scale_item)

        _color = d.pop("color", UNSET)
        color: list[DesignTextKeyframesColorItem] | Unset = UNSET
        if _color is not UNSET:
            color = []
            for color_item_data in _color:
                color_item = DesignTextKeyframesColorItem.from_dict(color_item_data)

                color.append(color_item)

        design_text_keyframes = cls(
            x=x,
            y=y,
            width=width,
            height=height,
            rotation=rotation,
            opacity=opacity,
            scale=scale,
            color=color,
        )

        return design_text_keyframes
