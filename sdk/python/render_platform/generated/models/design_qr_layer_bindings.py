from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignQrLayerBindings")


@_attrs_define
class DesignQrLayerBindings:
    """
    Attributes:
        value (str | Unset): A text placeholder that replaces `value`: each render draws its own code.
    """

    value: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value", UNSET)

        design_qr_layer_bindings = cls(
            value=value,
        )

        return design_qr_layer_bindings
