from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VariantOutput")


@_attrs_define
class VariantOutput:
    """
    Attributes:
        variant (str | Unset):
        width (int | Unset):
        height (int | Unset):
        format_ (str | Unset):
        bytes_ (int | Unset):
        sha256 (str | Unset):
        result_url (str | Unset):
        thumbnail_url (str | Unset):
    """

    variant: str | Unset = UNSET
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    format_: str | Unset = UNSET
    bytes_: int | Unset = UNSET
    sha256: str | Unset = UNSET
    result_url: str | Unset = UNSET
    thumbnail_url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        variant = self.variant

        width = self.width

        height = self.height

        format_ = self.format_

        bytes_ = self.bytes_

        sha256 = self.sha256

        result_url = self.result_url

        thumbnail_url = self.thumbnail_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if variant is not UNSET:
            field_dict["variant"] = variant
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if format_ is not UNSET:
            field_dict["format"] = format_
        if bytes_ is not UNSET:
            field_dict["bytes"] = bytes_
        if sha256 is not UNSET:
            field_dict["sha256"] = sha256
        if result_url is not UNSET:
            field_dict["result_url"] = result_url
        if thumbnail_url is not UNSET:
            field_dict["thumbnail_url"] = thumbnail_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        variant = d.pop("variant", UNSET)

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        format_ = d.pop("format", UNSET)

        bytes_ = d.pop("bytes", UNSET)

        sha256 = d.pop("sha256", UNSET)

        result_url = d.pop("result_url", UNSET)

        thumbnail_url = d.pop("thumbnail_url", UNSET)

        variant_output = cls(
            variant=variant,
            width=width,
            height=height,
            format_=format_,
            bytes_=bytes_,
            sha256=sha256,
            result_url=result_url,
            thumbnail_url=thumbnail_url,
        )

        variant_output.additional_properties = d
        return variant_output

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
