from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignShapeLayerBindings")


@_attrs_define
class DesignShapeLayerBindings:
    """
    Attributes:
        fill (str | Unset): A color placeholder for the fill.
    """

    fill: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        fill = self.fill

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if fill is not UNSET:
            field_dict["fill"] = fill

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        fill = d.pop("fill", UNSET)

        design_shape_layer_bindings = cls(
            fill=fill,
        )

        return design_shape_layer_bindings
