from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DesignImageLayerFocal")


@_attrs_define
class DesignImageLayerFocal:
    """The point (0-1 across, 0-1 down) kept in view when cover crops; default the centre.

    Attributes:
        x (float):
        y (float):
    """

    x: float
    y: float

    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        x = d.pop("x")

        y = d.pop("y")

        design_image_layer_focal = cls(
            x=x,
            y=y,
        )

        return design_image_layer_focal
