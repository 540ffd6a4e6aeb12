from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Modification")


@_attrs_define
class Modification:
    """
    Attributes:
        name (str): Placeholder name
        text (str | Unset): For `text` placeholders
        image_url (str | Unset): For `image` placeholders: http(s) URL (public addresses only), data: URI or
            asset://<asset id>
        color (str | Unset): For `color` placeholders: a CSS colour
        number (float | Unset): For `number` placeholders; formatted with the placeholder format
    """

    name: str
    text: str | Unset = UNSET
    image_url: str | Unset = UNSET
    color: str | Unset = UNSET
    number: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        text = self.text

        image_url = self.image_url

        color = self.color

        number = self.number

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if text is not UNSET:
            field_dict["text"] = text
        if image_url is not UNSET:
            field_dict["image_url"] = image_url
        if color is not UNSET:
            field_dict["color"] = color
        if number is not UNSET:
            field_dict["number"] = number

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        text = d.pop("text", UNSET)

        image_url = d.pop("image_url", UNSET)

        color = d.pop("color", UNSET)

        number = d.pop("number", UNSET)

        modification = cls(
            name=name,
            text=text,
            image_url=image_url,
            color=color,
            number=number,
        )

        return modification
