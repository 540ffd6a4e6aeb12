from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.design_image_layer_fit import DesignImageLayerFit
from ..models.design_image_layer_type import DesignImageLayerType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_box_motion import DesignBoxMotion
    from ..models.design_image_layer_bindings import DesignImageLayerBindings
    from ..models.design_image_layer_focal import DesignImageLayerFocal
    from ..models.design_image_layer_variants import DesignImageLayerVariants
    from ..models.design_keyframes import DesignKeyframes


T = TypeVar("T", bound="DesignImageLayer")


@_attrs_define
class DesignImageLayer:
    """An image.

    Attributes:
        type_ (DesignImageLayerType):
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
        variants (DesignImageLayerVariants | Unset): The box on a size variant, by variant name, where it differs from
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
        keyframes (DesignKeyframes | Unset): Keyframed properties, each a list of `{t_ms, value, easing}` in time order:
            before the first keyframe the property has its value, after the last the last one.
        src (None | str | Unset): asset://<uuid>, an http(s) URL or a data:image URL (the checks of image_url).
        fit (DesignImageLayerFit | Unset):
        focal (DesignImageLayerFocal | Unset): The point (0-1 across, 0-1 down) kept in view when cover crops; default
            the centre.
        corner_radius (float | Unset): px; half the shorter edge or more draws a circle or pill.
        bindings (DesignImageLayerBindings | Unset):
    """

    type_: DesignImageLayerType
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
    variants: DesignImageLayerVariants | Unset = UNSET
    enter: DesignBoxMotion | Unset = UNSET
    exit_: DesignBoxMotion | Unset = UNSET
    keyframes: DesignKeyframes | Unset = UNSET
    src: None | str | Unset = UNSET
    fit: DesignImageLayerFit | Unset = UNSET
    focal: DesignImageLayerFocal | Unset = UNSET
    corner_radius: float | Unset = UNSET
    bindings: DesignImageLayerBindings | Unset = UNSET

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

        src: None | str | Unset
        if isinstance(self.src, Unset):
            src = UNSET
        else:
            src = self.src

        fit: str | Unset = UNSET
        if not isinstance(self.fit, Unset):
            fit = self.fit.value

        focal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.focal, Unset):
            focal = self.focal.to_dict()

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
        if src is not UNSET:
            field_dict["src"] = src
        if fit is not UNSET:
            field_dict["fit"] = fit
        if focal is not UNSET:
            field_dict["focal"] = focal
        if corner_radius is not UNSET:
            field_dict["corner_radius"] = corner_radius
        if bindings is not UNSET:
            field_dict["bindings"] = bindings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_box_motion import DesignBoxMotion
        from ..models.design_image_layer_bindings import DesignImageLayerBindings
        from ..models.design_image_layer_focal import DesignImageLayerFocal
        from ..models.design_image_layer_variants import DesignImageLayerVariants
        from ..models.design_keyframes import DesignKeyframes

        d = dict(src_dict)
        type_ = DesignImageLayerType(d.pop("type"))

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
        variants: DesignImageLayerVariants | Unset
        if isinstance(_variants, Unset):
            variants = UNSET
        else:
            variants = DesignImageLayerVariants.from_dict(_variants)

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

        def _parse_src(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        src = _parse_src(d.pop("src", UNSET))

        _fit = d.pop("fit", UNSET)
        fit: DesignImageLayerFit | Unset
        if isinstance(_fit, Unset):
            fit = UNSET
        else:
            fit = DesignImageLayerFit(_fit)

        _focal = d.pop("focal", UNSET)
        focal: DesignImageLayerFocal | Unset
        if isinstance(_focal, Unset):
            focal = UNSET
        else:
            focal = DesignImageLayerFocal.from_dict(_focal)

        corner_radius = d.pop("corner_radius", UNSET)

        _bindings = d.pop("bindings", UNSET)
        bindings: DesignImageLayerBindings | Unset
        if isinstance(_bindings, Unset):
            bindings = UNSET
        else:
            bindings = DesignImageLayerBindings.from_dict(_bindings)

        design_image_layer = cls(
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
            src=src,
            fit=fit,
            focal=focal,
            corner_radius=corner_radius,
            bindings=bindings,
        )

        return design_image_layer
