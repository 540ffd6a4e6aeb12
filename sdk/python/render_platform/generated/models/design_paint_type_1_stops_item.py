from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DesignPaintType1StopsItem")


@_attrs_define
class DesignPaintType1StopsItem:
    """
    Attributes:
        offset (float):
        color (str): A CSS colour: #rgb(a), #rrggbb(aa), rgb(a)(), hsl(a)() or a name.
    """

    offset: float
    color: str

    def to_dict(self) -> dict[str, Any]:
        offset = self.offset

        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offset": offset,
                "color": color,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        offset = d.pop("offset")

        color = d.pop("color")

        design_paint_type_1_stops_item = cls(
            offset=offset,
            color=color,
        )

        return design_paint_type_1_stops_item
