from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.design_font_style import DesignFontStyle
from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignFont")


@_attrs_define
class DesignFont:
    """
    Attributes:
        family (str):
        src (str): An uploaded font asset.
        weight (int | Unset):
        style (DesignFontStyle | Unset):
    """

    family: str
    src: str
    weight: int | Unset = UNSET
    style: DesignFontStyle | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        family = self.family

        src = self.src

        weight = self.weight

        style: str | Unset = UNSET
        if not isinstance(self.style, Unset):
            style = self.style.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "family": family,
                "src": src,
            }
        )
        if weight is not UNSET:
            field_dict["weight"] = weight
        if style is not UNSET:
            field_dict["style"] = style

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        family = d.pop("family")

        src = d.pop("src")

        weight = d.pop("weight", UNSET)

        _style = d.pop("style", UNSET)
        style: DesignFontStyle | Unset
        if isinstance(_style, Unset):
            style = UNSET
        else:
            style = DesignFontStyle(_style)

        design_font = cls(
            family=family,
            src=src,
            weight=weight,
            style=style,
        )

        return design_font
