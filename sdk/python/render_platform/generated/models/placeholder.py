from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.placeholder_type import PlaceholderType
from ..types import UNSET, Unset

T = TypeVar("T", bound="Placeholder")


@_attrs_define
class Placeholder:
    """
    Attributes:
        name (str): Unique within the template.
        type_ (PlaceholderType):
        default (Any | Unset): Value used when a render gives none: text -> string, image -> http(s) URL / data:image
            URL / asset://<uuid>, color -> CSS color, number -> finite number; null for none.
        format_ (None | str | Unset): Free-form formatting hint for the renderer (e.g. a number format).
    """

    name: str
    type_: PlaceholderType
    default: Any | Unset = UNSET
    format_: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        default = self.default

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        else:
            format_ = self.format_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "type": type_,
            }
        )
        if default is not UNSET:
            field_dict["default"] = default
        if format_ is not UNSET:
            field_dict["format"] = format_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = PlaceholderType(d.pop("type"))

        default = d.pop("default", UNSET)

        def _parse_format_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        placeholder = cls(
            name=name,
            type_=type_,
            default=default,
            format_=format_,
        )

        return placeholder
