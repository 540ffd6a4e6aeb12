from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.design_qr_layer_error_correction import DesignQrLayerErrorCorrection
from ..models.design_qr_layer_type import DesignQrLayerType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_box_motion import DesignBoxMotion
    from ..models.design_keyframes import DesignKeyframes
    from ..models.design_qr_layer_bindings import DesignQrLayerBindings
    from ..models.design_qr_layer_variants import DesignQrLayerVariants


T = TypeVar("T", bound="DesignQrLayer")


@_attrs_define
class DesignQrLayer:
    """A QR code, drawn as SVG: square and centred in the box.

    Attributes:
        type_ (DesignQrLayerType):
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
        variants (DesignQrLayerVariants | Unset): The box on a size variant, by variant name, where it differs from the
            template size.
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
        keyframes (DesignKeyframes | Unset): Keyframed properties, each a list of `{t_ms, value, easing}` in time order:
            before the first keyframe the property has its value, after the last the last one.
        value (str | Unset): The text the code holds (UTF-8; at most what a version 40 code at its level holds); the
            default of a bound text placeholder.
        error_correction (DesignQrLayerErrorCorrection | Unset): How much of the code may be damaged and still read: L
            7%, M 15% (default), Q 25%, H 30%.
        color (str | Unset): The dark modules; default #000000.
        background (None | str | Unset): The light modules and the quiet zone; default #ffffff, null transparent.
        margin (int | Unset): The quiet zone around the code, in modules; default 4.
        bindings (DesignQrLayerBindings | Unset):
    """

    type_: DesignQrLayerType
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
    variants: DesignQrLayerVariants | Unset = UNSET
    enter: DesignBoxMotion | Unset = UNSET
    exit_: DesignBoxMotion | Unset = UNSET
    keyframes: DesignKeyframes | Unset = UNSET
    value: str | Unset = UNSET
    error_correction: DesignQrLayerErrorCorrection | Unset = UNSET
    color: str | Unset = UNSET
    background: None | str | Unset = UNSET
    margin: int | Unset = UNSET
    bindings: DesignQrLayerBindings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
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

        value = self.value

        error_correction: str | Unset = UNSET
        if not isinstance(self.error_correction, Unset):
            error_correction = self.error_correction.value

        color = self.color

        background: None | str | Unset
        if isinstance(self.background, Unset):
            background = UNSET
        else:
            background = self.background

        margin = self.margin

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
        if value is not UNSET:
            field_dict["value"] = value
        if error_correction is not UNSET:
            field_dict["error_correction"] = error_correction
        if color is not UNSET:
            field_dict["color"] = color
        if background is not UNSET:
            field_dict["background"] = background
        if margin is not UNSET:
            field_dict["margin"] = margin
        if bindings is not UNSET:
            field_dict["bindings"] = bindings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_box_motion import DesignBoxMotion
        from ..models.design_keyframes import DesignKeyframes
        from ..models.design_qr_layer_bindings import DesignQrLayerBindings
        from ..models.design_qr_layer_variants import DesignQrLayerVariants

        d = dict(src_dict)
        type_ = DesignQrLayerType(d.pop("type"))

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
        variants: DesignQrLayerVariants | Unset
        if isinstance(_variants, Unset):
            variants = UNSET
        else:
            variants = DesignQrLayerVariants.from_dict(_variants)

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
        keyframes: DesignKeyframes | Unset
        if isinstance(_keyframes, Unset):
            keyframes = UNSET
        else:
            keyframes = DesignKeyframes.from_dict(_keyframes)

        value = d.pop("value", UNSET)

        _error_correction = d.pop("error_correction", UNSET)
        error_correction: DesignQrLayerErrorCorrection | Unset
        if isinstance(_error_correction, Unset):
            error_correction = UNSET
        else:
            error_correction = DesignQrLayerErrorCorrection(_error_correction)

        color = d.pop("color", UNSET)

        def _parse_background(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        background = _parse_background(d.pop("background", UNSET))

        margin = d.pop("margin", UNSET)

        _bindings = d.pop("bindings", UNSET)
        bindings: DesignQrLayerBindings | Unset
        if isinstance(_bindings, Unset):
            bindings = UNSET
        else:
            bindings = DesignQrLayerBindings.from_dict(_bindings)

        design_qr_layer = cls(
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
            value=value,
            error_correction=error_correction,
            color=color,
            background=background,
            margin=margin,
            bindings=bindings,
        )

        return design_qr_layer
