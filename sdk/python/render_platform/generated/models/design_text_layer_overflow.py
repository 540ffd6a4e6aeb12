from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.design_text_layer_overflow_mode import DesignTextLayerOverflowMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignTextLayerOverflow")


@_attrs_define
class DesignTextLayerOverflow:
    """`clip` (default): cut at the box; `ellipsis`: one line ending in …; `fit`: shrink from font_size down to min_size.

    Attributes:
        mode (DesignTextLayerOverflowMode):
        min_size (float | Unset):
    """

    mode: DesignTextLayerOverflowMode
    min_size: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        min_size = self.min_size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
            }
        )
        if min_size is not UNSET:
            field_dict["min_size"] = min_size

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mode = DesignTextLayerOverflowMode(d.pop("mode"))

        min_size = d.pop("min_size", UNSET)

        design_text_layer_overflow = cls(
            mode=mode,
            min_size=min_size,
        )

        return design_text_layer_overflow
