from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.design_text_layer_align import DesignTextLayerAlign
from ..models.design_text_layer_font_style import DesignTextLayerFontStyle
from ..models.design_text_layer_transform import DesignTextLayerTransform
from ..models.design_text_layer_type import DesignTextLayerType
from ..models.design_text_layer_vertical_align import DesignTextLayerVerticalAlign
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_text_keyframes import DesignTextKeyframes
    from ..models.design_text_layer_bindings import DesignTextLayerBindings
    from ..models.design_text_layer_overflow import DesignTextLayerOverflow
    from ..models.design_text_layer_shadow_type_0 import DesignTextLayerShadowType0
    from ..models.design_text_layer_variants import DesignTextLayerVariants
    from ..models.design_text_motion import DesignTextMotion


T = TypeVar("T", bound="DesignTextLayer")


@_attrs_define
class DesignTextLayer:
    """A text box.

    Attributes:
        type_ (DesignTextLayerType):
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
        variants (DesignTextLayerVariants | Unset): The box on a size variant, by variant name, where it differs from
            the template size.
        enter (DesignTextMotion | Unset): How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from
            or to `side`, by `distance` px, default its width or height), `scale` (from or to `scale`, default 0), `wipe` (a
            clip-path from `side`), and for text `typewriter` (the letters appear one by one) and `stagger` (the letters
            fade in one after another). Before an enter starts the layer is in its from-state; after an exit ends, in its
            to-state.
        exit_ (DesignTextMotion | Unset): How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from
            or to `side`, by `distance` px, default its width or height), `scale` (from or to `scale`, default 0), `wipe` (a
            clip-path from `side`), and for text `typewriter` (the letters appear one by one) and `stagger` (the letters
            fade in one after another). Before an enter starts the layer is in its from-state; after an exit ends, in its
            to-state.
        keyframes (DesignTextKeyframes | Unset): Keyframed properties, each a list of `{t_ms, value, easing}` in time
            order: before the first keyframe the property has its value, after the last the last one.
        text (str | Unset): The content (escaped; newlines break lines); the default of a bound text placeholder.
        font_family (str | Unset): An installed family (DejaVu Sans, Liberation Sans...) or one of `fonts`.
        font_weight (int | Unset):
        font_style (DesignTextLayerFontStyle | Unset):
        font_size (float | Unset): px; with overflow fit, the largest size.
        color (str | Unset): A CSS colour: #rgb(a), #rrggbb(aa), rgb(a)(), hsl(a)() or a name.
        align (DesignTextLayerAlign | Unset):
        vertical_align (DesignTextLayerVerticalAlign | Unset):
        line_height (float | Unset): A multiple of the font size.
        letter_spacing (float | Unset): px
        transform (DesignTextLayerTransform | Unset):
        shadow (DesignTextLayerShadowType0 | None | Unset):
        overflow (DesignTextLayerOverflow | Unset): `clip` (default): cut at the box; `ellipsis`: one line ending in …;
            `fit`: shrink from font_size down to min_size.
        bindings (DesignTextLayerBindings | Unset):
    """

    type_: DesignTextLayerType
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
    variants: DesignTextLayerVariants | Unset = UNSET
    enter: DesignTextMotion | Unset = UNSET
    exit_: DesignTextMotion | Unset = UNSET
    keyframes: DesignTextKeyframes | Unset = UNSET
    text: str | Unset = UNSET
    font_family: str | Unset = UNSET
    font_weight: int | Unset = UNSET
    font_style: DesignTextLayerFontStyle | Unset = UNSET
    font_size: float | Unset = UNSET
    color: str | Unset = UNSET
    align: DesignTextLayerAlign | Unset = UNSET
    vertical_align: DesignTextLayerVerticalAlign | Unset = UNSET
    line_height: float | Unset = UNSET
    letter_spacing: float | Unset = UNSET
    transform: DesignTextLayerTransform | Unset = UNSET
    shadow: DesignTextLayerShadowType0 | None | Unset = UNSET
    overflow: DesignTextLayerOverflow | Unset = UNSET
    bindings: DesignTextLayerBindings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.design_text_layer_shadow_type_0 import DesignTextLayerShadowType0

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

        text = self.text

        font_family = self.font_family

        font_weight = self.font_weight

        font_style: str | Unset = UNSET
        if not isinstance(self.font_style, Unset):
            font_style = self.font_style.value

        font_size = self.font_size

        color = self.color

        align: str | Unset = UNSET
        if not isinstance(self.align, Unset):
            align = self.align.value

        vertical_align: str | Unset = UNSET
        if not isinstance(self.vertical_align, Unset):
            vertical_align = self.vertical_align.value

        line_height = self.line_height

        letter_spacing = self.letter_spacing

        transform: str | Unset = UNSET
        if not isinstance(self.transform, Unset):
            transform = self.transform.value

        shadow: dict[str, Any] | None | Unset
        if isinstance(self.shadow, Unset):
            shadow = UNSET
        elif isinstance(self.shadow, DesignTextLayerShadowType0):
            shadow = self.shadow.to_dict()
        else:
            shadow = self.shadow

        overflow: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overflow, Unset):
            overflow = self.overflow.to_dict()

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
        if text is not UNSET:
            field_dict["text"] = text
        if font_family is not UNSET:
            field_dict["font_family"] = font_family
        if font_weight is not UNSET:
            field_dict["font_weight"] = font_weight
        if font_style is not UNSET:
            field_dict["font_style"] = font_style
        if font_size is not UNSET:
            field_dict["font_size"] = font_size
        if color is not UNSET:
            field_dict["color"] = color
        if align is not UNSET:
            field_dict["align"] = align
        if vertical_align is not UNSET:
            field_dict["vertical_align"] = vertical_align
        if line_height is not UNSET:
            field_dict["line_height"] = line_height
        if letter_spacing is not UNSET:
            field_dict["letter_spacing"] = letter_spacing
        if transform is not UNSET:
            field_dict["transform"] = transform
        if shadow is not UNSET:
            field_dict["shadow"] = shadow
        if overflow is not UNSET:
            field_dict["overflow"] = overflow
        if bindings is not UNSET:
            field_dict["bindings"] = bindings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_text_keyframes import DesignTextKeyframes
        from ..models.design_text_layer_bindings import DesignTextLayerBindings
        from ..models.design_text_layer_overflow import DesignTextLayerOverflow
        from ..models.design_text_layer_shadow_type_0 import DesignTextLayerShadowType0
        from ..models.design_text_layer_variants import DesignTextLayerVariants
        from ..models.design_text_motion import DesignTextMotion

        d = dict(src_dict)
        type_ = DesignTextLayerType(d.pop("type"))

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
        variants: DesignTextLayerVariants | Unset
        if isinstance(_variants, Unset):
            variants = UNSET
        else:
            variants = DesignTextLayerVariants.from_dict(_variants)

        _enter = d.pop("enter", UNSET)
        enter: DesignTextMotion | Unset
        if isinstance(_enter, Unset):
            enter = UNSET
        else:
            enter = DesignTextMotion.from_dict(_enter)

        _exit_ = d.pop("exit", UNSET)
        exit_: DesignTextMotion | Unset
        if isinstance(_exit_, Unset):
            exit_ = UNSET
        else:
            exit_ = DesignTextMotion.from_dict(_exit_)

        _keyframes = d.pop("keyframes", UNSET)
        keyframes: DesignTextKeyframes | Unset
        if isinstance(_keyframes, Unset):
            keyframes = UNSET
        else:
            keyframes = DesignTextKeyframes.from_dict(_keyframes)

        text = d.pop("text", UNSET)

        font_family = d.pop("font_family", UNSET)

        font_weight = d.pop("font_weight", UNSET)

        _font_style = d.pop("font_style", UNSET)
        font_style: DesignTextLayerFontStyle | Unset
        if isinstance(_font_style, Unset):
            font_style = UNSET
        else:
            font_style = DesignTextLayerFontStyle(_font_style)

        font_size = d.pop("font_size", UNSET)

        color = d.pop("color", UNSET)

        _align = d.pop("align", UNSET)
        align: DesignTextLayerAlign | Unset
        if isinstance(_align, Unset):
            align = UNSET
        else:
            align = DesignTextLayerAlign(_align)

        _vertical_align = d.pop("vertical_align", UNSET)
        vertical_align: DesignTextLayerVerticalAlign | Unset
        if isinstance(_vertical_align, Unset):
            vertical_align = UNSET
        else:
            vertical_align = DesignTextLayerVerticalAlign(_vertical_align)

        line_height = d.pop("line_height", UNSET)

        letter_spacing = d.pop("letter_spacing", UNSET)

        _transform = d.pop("transform", UNSET)
        transform: DesignTextLayerTransform | Unset
        if isinstance(_transform, Unset):
            transform = UNSET
        else:
            transform = DesignTextLayerTransform(_transform)

        def _parse_shadow(data: object) -> DesignTextLayerShadowType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                shadow_type_0 = DesignTextLayerShadowType0.from_dict(data)

                return shadow_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DesignTextLayerShadowType0 | None | Unset, data)

        shadow = _parse_shadow(d.pop("shadow", UNSET))

        _overflow = d.pop("overflow", UNSET)
        overflow: DesignTextLayerOverflow | Unset
        if isinstance(_overflow, Unset):
            overflow = UNSET
        else:
            overflow = DesignTextLayerOverflow.from_dict(_overflow)

        _bindings = d.pop("bindings", UNSET)
        bindings: DesignTextLayerBindings | Unset
        if isinstance(_bindings, Unset):
            bindings = UNSET
        else:
            bindings = DesignTextLayerBindings.from_dict(_bindings)

        design_text_layer = cls(
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
            text=text,
            font_family=font_family,
            font_weight=font_weight,
            font_style=font_style,
            font_size=font_size,
            color=color,
            align=align,
            vertical_align=vertical_align,
            line_height=line_height,
            letter_spacing=letter_spacing,
            transform=transform,
            shadow=shadow,
            overflow=overflow,
            bindings=bindings,
        )

        return design_text_layer
