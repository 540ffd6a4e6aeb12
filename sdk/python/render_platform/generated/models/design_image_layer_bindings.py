from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignImageLayerBindings")


@_attrs_define
class DesignImageLayerBindings:
    """
    Attributes:
        src (str | Unset): An image placeholder that replaces `src`.
    """

    src: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        src = self.src

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if src is not UNSET:
            field_dict["src"] = src

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        src = d.pop("src", UNSET)

        design_image_layer_bindings = cls(
            src=src,
        )

        return design_image_layer_bindings
