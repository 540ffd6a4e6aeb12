from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignTextLayerBindings")


@_attrs_define
class DesignTextLayerBindings:
    """
    Attributes:
        text (str | Unset): A text placeholder that replaces `text`.
        color (str | Unset): A color placeholder for the text colour.
    """

    text: str | Unset = UNSET
    color: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if text is not UNSET:
            field_dict["text"] = text
        if color is not UNSET:
            field_dict["color"] = color

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text = d.pop("text", UNSET)

        color = d.pop("color", UNSET)

        design_text_layer_bindings = cls(
            text=text,
            color=color,
        )

        return design_text_layer_bindings
