from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_version_placeholders_item_type import (
    TemplateVersionPlaceholdersItemType,
)

T = TypeVar("T", bound="TemplateVersionPlaceholdersItem")


@_attrs_define
class TemplateVersionPlaceholdersItem:
    """
    Attributes:
        name (str):
        type_ (TemplateVersionPlaceholdersItemType):
        default (Any):
        format_ (None | str):
    """

    name: str
    type_: TemplateVersionPlaceholdersItemType
    default: Any
    format_: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        default = self.default

        format_: None | str
        format_ = self.format_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "type": type_,
                "default": default,
                "format": format_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = TemplateVersionPlaceholdersItemType(d.pop("type"))

        default = d.pop("default")

        def _parse_format_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        format_ = _parse_format_(d.pop("format"))

        template_version_placeholders_item = cls(
            name=name,
            type_=type_,
            default=default,
            format_=format_,
        )

        template_version_placeholders_item.additional_properties = d
        return template_version_placeholders_item

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
