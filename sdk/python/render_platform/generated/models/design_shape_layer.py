from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.design_shape_layer_type import DesignShapeLayerType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_box_motion import DesignBoxMotion
    from ..models.design_paint_type_1 import DesignPaintType1
    from ..models.design_shape_keyframes import DesignShapeKeyframes
    from ..models.design_shape_layer_bindings import DesignShapeLayerBindings
    from ..models.design_shape_layer_stroke_type_0 import DesignShapeLayerStrokeType0
    from ..models.design_shape_layer_variants import DesignShapeLayerVariants


T = TypeVar("T", bound="DesignShapeLayer")


@_attrs_define
class DesignShapeLayer:
    """A rectangle or ellipse.

    Attributes:
        type_ (DesignShapeLayerType):
        id (str): Unique in the document.
        x (float):
        y (float):
        width (float): px, more than 0
        height (float): px, more than 0
        name (str | Unset): Shown in the editor only.
        rotation (float | Unset): Degrees clockwise about the centre of the box.
        opacity (float | Unset):
        visible (bool | Unset): A hidden layer is left out of the HTML (and its bindings out of the placeholders).
        locked (bool | Unset): Editor only.
        variants (DesignShapeLayerVariants | Unset): The box on a size variant, by variant name, where it differs from
            the template size.
        enter (DesignBoxMotion | Unset): How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from or
            to `side`, by `distance` px, default its width or height), `scale` (from or to `scale`, default 0), `wipe` (a
            clip-path from `side`), and for text `typewriter` (the letters appear one by one) and `stagger` (the letters
            fade in one after another). Before an enter starts the layer is in its from-state; after an exit ends, in its
            to-state.
        exit_ (DesignBoxMotion | Unset): How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from or
            to `side`, by `distance` px, default its width or height), `scale` (from or to `scale`, default 0), `wipe` (a
            clip-path from `side`), and for text `typewriter` (the letters appear one by one) and `stagger` (the letters
            fade in one after another). Before an enter starts the layer is in its from-state; after an exit ends, in its
            to-state.
        keyframes (DesignShapeKeyframes | Unset): Keyframed properties, each a list of `{t_ms, value, easing}` in time
            order: before the first keyframe the property has its value, after the last the last one.
        fill (DesignPaintType1 | None | str | Unset):
        stroke (DesignShapeLayerStrokeType0 | None | Unset):
        corner_radius (float | Unset): px, rect only.
        bindings (DesignShapeLayerBindings | Unset):
    """

    type_: DesignShapeLayerType
    id: str
    x: float
    y: float
    width: float
    height: float
    name: str | Unset = UNSET
    rotation: float | Unset = UNSET
    opacity: float | Unset = UNSET
    visible: bool | Unset = UNSET
    locked: bool | Unset = UNSET
    variants: DesignShapeLayerVariants | Unset = UNSET
    enter: DesignBoxMotion | Unset = UNSET
    exit_: DesignBoxMotion | Unset = UNSET
    keyframes: DesignShapeKeyframes | Unset = UNSET
    fill: DesignPaintType1 | None | str | Unset = UNSET
    stroke: DesignShapeLayerStrokeType0 | None | Unset = UNSET
    corner_radius: float | Unset = UNSET
    bindings: DesignShapeLayerBindings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.design_paint_type_1 import DesignPaintType1
        from ..models.design_shape_layer_stroke_type_0 import (
            DesignShapeLayerStrokeType0,
        )

        type_ = self.type_.value

        id = self.id

        x = self.x

        y = self.y

        width = self.width

        height = self.height

        name = self.name

        rotation = self.rotation

        opacity = self.opacity

        visible = self.visible

        locked = self.locked

        variants: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants.to_dict()

        enter: dict[str, Any] | Unset = UNSET
        if not isinstance(self.enter, Unset):
            enter = self.enter.to_dict()

        exit_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.exit_, Unset):
            exit_ = self.exit_.to_dict()

        keyframes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.keyframes, Unset):
            keyframes = self.keyframes.to_dict()

        fill: dict[str, Any] | None | str | Unset
        if isinstance(self.fill, Unset):
            fill = UNSET
        elif isinstance(self.fill, DesignPaintType1):
            fill = self.fill.to_dict()
        else:
            fill = self.fill

        stroke: dict[str, Any] | None | Unset
        if isinstance(self.stroke, Unset):
            stroke = UNSET
        elif isinstance(self.stroke, DesignShapeLayerStrokeType0):
            stroke = self.stroke.to_dict()
        else:
            stroke = self.stroke

        corner_radius = self.corner_radius

        bindings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bindings, Unset):
            bindings = self.bindings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "x": x,
                "y": y,
                "width": width,
                "height": height,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if rotation is not UNSET:
            field_dict["rotation"] = rotation
        if opacity is not UNSET:
            field_dict["opacity"] = opacity
        if visible is not UNSET:
            field_dict["visible"] = visible
        if locked is not UNSET:
            field_dict["locked"] = locked
        if variants is not UNSET:
            field_dict["variants"] = variants
        if enter is not UNSET:
            field_dict["enter"] = enter
        if exit_ is not UNSET:
            field_dict["exit"] = exit_
        if keyframes is not UNSET:
            field_dict["keyframes"] = keyframes
        if fill is not UNSET:
            field_dict["fill"] = fill
        if stroke is not UNSET:
            field_dict["stroke"] = stroke
        if corner_radius is not UNSET:
            field_dict["corner_radius"] = corner_radius
        if bindings is not UNSET:
            field_dict["bindings"] = bindings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_box_motion import DesignBoxMotion
        from ..models.design_paint_type_1 import DesignPaintType1
        from ..models.design_shape_keyframes import DesignShapeKeyframes
        from ..models.design_shape_layer_bindings import DesignShapeLayerBindings
        from ..models.design_shape_layer_stroke_type_0 import (
            DesignShapeLayerStrokeType0,
        )
        from ..models.design_shape_layer_variants import DesignShapeLayerVariants

        d = dict(src_dict)
        type_ = DesignShapeLayerType(d.pop("type"))

        id = d.pop("id")

        x = d.pop("x")

        y = d.pop("y")

        width = d.pop("width")

        height = d.pop("height")

        name = d.pop("name", UNSET)

        rotation = d.pop("rotation", UNSET)

        opacity = d.pop("opacity", UNSET)

        visible = d.pop("visible", UNSET)

        locked = d.pop("locked", UNSET)

        _variants = d.pop("variants", UNSET)
        variants: DesignShapeLayerVariants | Unset
        if isinstance(_variants, Unset):
            variants = UNSET
        else:
            variants = DesignShapeLayerVariants.from_dict(_variants)

        _enter = d.pop("enter", UNSET)
        enter: DesignBoxMotion | Unset
        if isinstance(_enter, Unset):
            enter = UNSET
        else:
            enter = DesignBoxMotion.from_dict(_enter)

        _exit_ = d.pop("exit", UNSET)
        exit_: DesignBoxMotion | Unset
        if isinstance(_exit_, Unset):
            exit_ = UNSET
        else:
            exit_ = DesignBoxMotion.from_dict(_exit_)

        _keyframes = d.pop("keyframes", UNSET)
        keyframes: DesignShapeKeyframes | Unset
        if isinstance(_keyframes, Unset):
            keyframes = UNSET
        else:
            keyframes = DesignShapeKeyframes.from_dict(_keyframes)

        def _parse_fill(data: object) -> DesignPaintType1 | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_design_paint_type_1 = DesignPaintType1.from_dict(data)

                return componentsschemas_design_paint_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DesignPaintType1 | None | str | Unset, data)

        fill = _parse_fill(d.pop("fill", UNSET))

        def _parse_stroke(data: object) -> DesignShapeLayerStrokeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stroke_type_0 = DesignShapeLayerStrokeType0.from_dict(data)

                return stroke_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DesignShapeLayerStrokeType0 | None | Unset, data)

        stroke = _parse_stroke(d.pop("stroke", UNSET))

        corner_radius = d.pop("corner_radius", UNSET)

        _bindings = d.pop("bindings", UNSET)
        bindings: DesignShapeLayerBindings | Unset
        if isinstance(_bindings, Unset):
            bindings = UNSET
        else:
            bindings = DesignShapeLayerBindings.from_dict(_bindings)

        design_shape_layer = cls(
            type_=type_,
            id=id,
            x=x,
            y=y,
            width=width,
            height=height,
            name=name,
            rotation=rotation,
            opacity=opacity,
            visible=visible,
            locked=locked,
            variants=variants,
            enter=enter,
            exit_=exit_,
            keyframes=keyframes,
            fill=fill,
            stroke=stroke,
            corner_radius=corner_radius,
            bindings=bindings,
        )

        return design_shape_layer
