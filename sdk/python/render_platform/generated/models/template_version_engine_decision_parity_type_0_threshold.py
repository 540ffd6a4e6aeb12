from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TemplateVersionEngineDecisionParityType0Threshold")


@_attrs_define
class TemplateVersionEngineDecisionParityType0Threshold:
    """
    Attributes:
        ssim (float):
        psnr (float):
        ssim_region (float | Unset):
    """

    ssim: float
    psnr: float
    ssim_region: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ssim = self.ssim

        psnr = self.psnr

        ssim_region = self.ssim_region

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ssim": ssim,
                "psnr": psnr,
            }
        )
        if ssim_region is not UNSET:
            field_dict["ssim_region"] = ssim_region

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ssim = d.pop("ssim")

        psnr = d.pop("psnr")

        ssim_region = d.pop("ssim_region", UNSET)

        template_version_engine_decision_parity_type_0_threshold = cls(
            ssim=ssim,
            psnr=psnr,
            ssim_region=ssim_region,
        )

        template_version_engine_decision_parity_type_0_threshold.additional_properties = d
        return template_version_engine_decision_parity_type_0_threshold

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
