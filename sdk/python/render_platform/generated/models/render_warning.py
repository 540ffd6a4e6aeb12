from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.render_warning_code import RenderWarningCode

T = TypeVar("T", bound="RenderWarning")


@_attrs_define
class RenderWarning:
    """
    Attributes:
        code (RenderWarningCode): text_overflow: a text is clipped or overflows its box (also after text fit reached
            `data-fit-min`); image_missing: an image placeholder has no image; image_failed: an image could not be loaded:
            on a render, an image of the template itself that is not shown (hidden, display:none, zero size), which the
            render goes on without (a shown one, or a modification's image_url, fails it with asset_unreachable); in a
            preflight, any image; glyph_missing: characters no font the engine can use has (named): the installed fonts on
            Chromium, the registered faces on native, and the template's @font-face fonts on both; image_upscaled: an <img>
            drawn at more than 2x its natural size; font_load_failed: an @font-face font of the template could not be loaded
            or was refused; its text is drawn with the next family of its font-family list
        placeholder (None | str): The placeholder it concerns, or null
        message (str):
    """

    code: RenderWarningCode
    placeholder: None | str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        placeholder: None | str
        placeholder = self.placeholder

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "placeholder": placeholder,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = RenderWarningCode(d.pop("code"))

        def _parse_placeholder(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        placeholder = _parse_placeholder(d.pop("placeholder"))

        message = d.pop("message")

        render_warning = cls(
            code=code,
            placeholder=placeholder,
            message=message,
        )

        render_warning.additional_properties = d
        return render_warning

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
