from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DesignGroupLayerAtDepth0VariantsAdditionalProperty")


@_attrs_define
class DesignGroupLayerAtDepth0VariantsAdditionalProperty:
    """
    Attributes:
        x (float):
        y (float):
        width (float): px, more than 0
        height (float): px, more than 0
    """

    x: float
    y: float
    width: float
    height: float

    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        width = self.width

        height = self.height

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "x": x,
                "y": y,
                "width": width,
                "height": height,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        x = d.pop("x")

        y = d.pop("y")

        width = d.pop("width")

        height = d.pop("height")

        design_group_layer_at_depth_0_variants_additional_property = cls(
            x=x,
            y=y,
            width=width,
            height=height,
        )

        return design_group_layer_at_depth_0_variants_additional_property
