from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UpdateTemplateBodyCanvasData")


@_attrs_define
class UpdateTemplateBodyCanvasData:
    """Free-form editor data. For video templates `duration_seconds` (0.5-60) and `fps` (integer 10-60; gif at most 25) are
    the defaults a video request falls back to (else 5 s and 30 fps). `transparent: true` keeps the page background
    transparent (png, webp, webm only; webm then carries alpha as yuva420p). Image templates may declare size variants,
    `variants: [{name, width, height, format?}]` (1-10, names a-z0-9_-, each within the size caps), which a render asks
    for by name (docs/renders.md).

    """

    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        update_template_body_canvas_data = cls()

        update_template_body_canvas_data.additional_properties = d
        return update_template_body_canvas_data

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
