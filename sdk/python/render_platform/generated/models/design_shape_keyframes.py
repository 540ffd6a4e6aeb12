from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_shape_keyframes_fill_item import DesignShapeKeyframesFillItem
    from ..models.design_shape_keyframes_height_item import (
        DesignShapeKeyframesHeightItem,
    )
    from ..models.design_shape_keyframes_opacity_item import (
        DesignShapeKeyframesOpacityItem,
    )
    from ..models.design_shape_keyframes_rotation_item import (
        DesignShapeKeyframesRotationItem,
    )
    from ..models.design_shape_keyframes_scale_item import DesignShapeKeyframesScaleItem
    from ..models.design_shape_keyframes_width_item import DesignShapeKeyframesWidthItem
    from ..models.design_shape_keyframes_x_item import DesignShapeKeyframesXItem
    from ..models.design_shape_keyframes_y_item import DesignShapeKeyframesYItem


T = TypeVar("T", bound="DesignShapeKeyframes")


@_attrs_define
class DesignShapeKeyframes:
    """Keyframed properties, each a list of `{t_ms, value, easing}` in time order: before the first keyframe the property
    has its value, after the last the last one.

        Attributes:
            x (list[DesignShapeKeyframesXItem] | Unset): px
            y (list[DesignShapeKeyframesYItem] | Unset): px
            width (list[DesignShapeKeyframesWidthItem] | Unset): px
            height (list[DesignShapeKeyframesHeightItem] | Unset): px
            rotation (list[DesignShapeKeyframesRotationItem] | Unset): degrees clockwise
            opacity (list[DesignShapeKeyframesOpacityItem] | Unset): 0-1
            scale (list[DesignShapeKeyframesScaleItem] | Unset): about the centre of the box
            fill (list[DesignShapeKeyframesFillItem] | Unset): the fill colour (a solid fill)
    """

    x: list[DesignShapeKeyframesXItem] | Unset = UNSET
    y: list[DesignShapeKeyframesYItem] | Unset = UNSET
    width: list[DesignShapeKeyframesWidthItem] | Unset = UNSET
    height: list[DesignShapeKeyframesHeightItem] | Unset = UNSET
    rotation: list[DesignShapeKeyframesRotationItem] | Unset = UNSET
    opacity: list[DesignShapeKeyframesOpacityItem] | Unset = UNSET
    scale: list[DesignShapeKeyframesScaleItem] | Unset = UNSET
    fill: list[DesignShapeKeyframesFillItem] | Unset = UNSET

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

        fill: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fill, Unset):
            fill = []
            for fill_item_data in self.fill:
                fill_item = fill_item_data.to_dict()
                fill.append(fill_item)

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
        if fill is not UNSET:
            field_dict["fill"] = fill

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_shape_keyframes_fill_item import (
            DesignShapeKeyframesFillItem,
        )
        from ..models.design_shape_keyframes_height_item import (
            DesignShapeKeyframesHeightItem,
        )
        from ..models.design_shape_keyframes_opacity_item import (
            DesignShapeKeyframesOpacityItem,
        )
        from ..models.design_shape_keyframes_rotation_item import (
            DesignShapeKeyframesRotationItem,
        )
        from ..models.design_shape_keyframes_scale_item import (
            DesignShapeKeyframesScaleItem,
        )
        from ..models.design_shape_keyframes_width_item import (
            DesignShapeKeyframesWidthItem,
        )
        from ..models.design_shape_keyframes_x_item import DesignShapeKeyframesXItem
        from ..models.design_shape_keyframes_y_item import DesignShapeKeyframesYItem

        d = dict(src_dict)
        _x = d.pop("x", UNSET)
        x: list[DesignShapeKeyframesXItem] | Unset = UNSET
        if _x is not UNSET:
            x = []
            for x_item_data in _x:
                x_item = DesignShapeKeyframesXItem.from_dict(x_item_data)

                x.append(x_item)

        _y = d.pop("y", UNSET)
        y: list[DesignShapeKeyframesYItem] | Unset = UNSET
        if _y is not UNSET:
            y = []
            for y_item_data in _y:
                y_item = DesignShapeKeyframesYItem.from_dict(y_item_data)

                y.append(y_item)

        _width = d.pop("width", UNSET)
        width: list[DesignShapeKeyframesWidthItem] | Unset = UNSET
        if _width is not UNSET:
            width = []
            for width_item_data in _width:
                width_item = DesignShapeKeyframesWidthItem.from_dict(width_item_data)

                width.append(width_item)

        _height = d.pop("height", UNSET)
        height: list[DesignShapeKeyframesHeightItem] | Unset = UNSET
        if _height is not UNSET:
            height = []
            for height_item_data in _height:
                height_item = DesignShapeKeyframesHeightItem.from_dict(height_item_data)

                height.append(height_item)

        _rotation = d.pop("rotation", UNSET)
        rotation: list[DesignShapeKeyframesRotationItem] | Unset = UNSET
        if _rotation is not UNSET:
            rotation = []
            for rotation_item_data in _rotation:
                rotation_item = DesignShapeKeyframesRotationItem.from_dict(
                    rotation_item_data
                )

                rotation.append(rotation_item)

        _opacity = d.pop("opacity", UNSET)
        opacity: list[DesignShapeKeyframesOpacityItem] | Unset = UNSET
        if _opacity is not UNSET:
            opacity = []
            for opacity_item_data in _opacity:
                opacity_item = DesignShapeKeyframesOpacityItem.from_dict(
                    opacity_item_data
                )

                opacity.append(opacity_item)

        _scale = d.pop("scale", UNSET)
        scale: list[DesignShapeKeyframesScaleItem] | Unset = UNSET
        if _scale is not UNSET:
            scale = []
            for scale_item_data in _scale:
                scale_item = DesignShapeKeyframesScaleItem.from_dict(scale_item_data)

                scale.append(scale_item)

        _fill = d.pop("fill", UNSET)
        fill: list[DesignShapeKeyframesFillItem] | Unset = UNSET
        if _fill is not UNSET:
            fill = []
            for fill_item_data in _fill:
                fill_item = DesignShapeKeyframesFillItem.from_dict(fill_item_data)

                fill.append(fill_item)

        design_shape_keyframes = cls(
            x=x,
            y=y,
            width=width,
            height=height,
            rotation=rotation,
            opacity=opacity,
            scale=scale,
            fill=fill,
        )

        return design_shape_keyframes
