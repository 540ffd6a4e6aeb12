from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_font import DesignFont
    from ..models.design_layer import DesignLayer
    from ..models.design_paint_type_1 import DesignPaintType1


T = TypeVar("T", bound="PreviewTemplateCanvasData")


@_attrs_define
class PreviewTemplateCanvasData:
    """Free-form editor data. For video templates `duration_seconds` (0.5-60) and `fps` (integer 10-60; gif at most 25) are
    the defaults a video request falls back to (else 5 s and 30 fps). `transparent: true` keeps the page background
    transparent (png, webp, webm only; webm then carries alpha as yuva420p). Image templates may declare size variants,
    `variants: [{name, width, height, format?}]` (1-10, names a-z0-9_-, each within the size caps), which a render asks
    for by name (docs/renders.md). With `layers` it is a design document (docs/templates.md "Designed templates"): the
    template is designed, and its composition_html and placeholders are compiled from it at save.

        Attributes:
            layers (list[DesignLayer] | Unset): A design document (docs/templates.md "Designed templates"): the layers
                bottom to top. Its presence makes the template designed: composition_html and placeholders are compiled from it.
            background (DesignPaintType1 | None | str | Unset): The canvas background; absent or null: the page background.
            fonts (list[DesignFont] | Unset): Uploaded fonts the text layers use by family.
    """

    layers: list[DesignLayer] | Unset = UNSET
    background: DesignPaintType1 | None | str | Unset = UNSET
    fonts: list[DesignFont] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.design_paint_type_1 import DesignPaintType1

        layers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.layers, Unset):
            layers = []
            for layers_item_data in self.layers:
                layers_item = layers_item_data.to_dict()
                layers.append(layers_item)

        background: dict[str, Any] | None | str | Unset
        if isinstance(self.background, Unset):
            background = UNSET
        elif isinstance(self.background, DesignPaintType1):
            background = self.background.to_dict()
        else:
            background = self.background

        fonts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fonts, Unset):
            fonts = []
            for fonts_item_data in self.fonts:
                fonts_item = fonts_item_data.to_dict()
                fonts.append(fonts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if layers is not UNSET:
            field_dict["layers"] = layers
        if background is not UNSET:
            field_dict["background"] = background
        if fonts is not UNSET:
            field_dict["fonts"] = fonts

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_font import DesignFont
        from ..models.design_layer import DesignLayer
        from ..models.design_paint_type_1 import DesignPaintType1

        d = dict(src_dict)
        _layers = d.pop("layers", UNSET)
        layers: list[DesignLayer] | Unset = UNSET
        if _layers is not UNSET:
            layers = []
            for layers_item_data in _layers:
                layers_item = DesignLayer.from_dict(layers_item_data)

                layers.append(layers_item)

        def _parse_background(data: object) -> DesignPaintType1 | None | str | Unset:
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

        background = _parse_background(d.pop("background", UNSET))

        _fonts = d.pop("fonts", UNSET)
        fonts: list[DesignFont] | Unset = UNSET
        if _fonts is not UNSET:
            fonts = []
            for fonts_item_data in _fonts:
                fonts_item = DesignFont.from_dict(fonts_item_data)

                fonts.append(fonts_item)

        preview_template_canvas_data = cls(
            layers=layers,
            background=background,
            fonts=fonts,
        )

        preview_template_canvas_data.additional_properties = d
        return preview_template_canvas_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
