from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DesignShapeLayerStrokeType0")


@_attrs_define
class DesignShapeLayerStrokeType0:
    """
    Attributes:
        color (str): A CSS colour: #rgb(a), #rrggbb(aa), rgb(a)(), hsl(a)() or a name.
        width (float):
    """

    color: str
    width: float

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        width = self.width

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
                "width": width,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        color = d.pop("color")

        width = d.pop("width")

        design_shape_layer_stroke_type_0 = cls(
            color=color,
            width=width,
        )

        return design_shape_layer_stroke_type_0
