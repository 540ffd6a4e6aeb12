from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DesignTextLayerShadowType0")


@_attrs_define
class DesignTextLayerShadowType0:
    """
    Attributes:
        x (float):
        y (float):
        blur (float):
        color (str): A CSS colour: #rgb(a), #rrggbb(aa), rgb(a)(), hsl(a)() or a name.
    """

    x: float
    y: float
    blur: float
    color: str

    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        blur = self.blur

        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "x": x,
                "y": y,
                "blur": blur,
                "color": color,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        x = d.pop("x")

        y = d.pop("y")

        blur = d.pop("blur")

        color = d.pop("color")

        design_text_layer_shadow_type_0 = cls(
            x=x,
            y=y,
            blur=blur,
            color=color,
        )

        return design_text_layer_shadow_type_0
