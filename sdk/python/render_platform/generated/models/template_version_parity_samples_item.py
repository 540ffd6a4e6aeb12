from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TemplateVersionParitySamplesItem")


@_attrs_define
class TemplateVersionParitySamplesItem:
    """
    Attributes:
        sample (str):
        ssim (float):
        psnr (float | None):
        chromium_url (None | str):
        native_url (None | str):
        diff_url (None | str):
        ssim_region (float | Unset): the SSIM of the sample's worst 64-pixel region, each region at its best alignment
            within one pixel
    """

    sample: str
    ssim: float
    psnr: float | None
    chromium_url: None | str
    native_url: None | str
    diff_url: None | str
    ssim_region: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sample = self.sample

        ssim = self.ssim

        psnr: float | None
        psnr = self.psnr

        chromium_url: None | str
        chromium_url = self.chromium_url

        native_url: None | str
        native_url = self.native_url

        diff_url: None | str
        diff_url = self.diff_url

        ssim_region = self.ssim_region

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sample": sample,
                "ssim": ssim,
                "psnr": psnr,
                "chromium_url": chromium_url,
                "native_url": native_url,
                "diff_url": diff_url,
            }
        )
        if ssim_region is not UNSET:
            field_dict["ssim_region"] = ssim_region

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sample = d.pop("sample")

        ssim = d.pop("ssim")

        def _parse_psnr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        psnr = _parse_psnr(d.pop("psnr"))

        def _parse_chromium_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chromium_url = _parse_chromium_url(d.pop("chromium_url"))

        def _parse_native_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        native_url = _parse_native_url(d.pop("native_url"))

        def _parse_diff_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        diff_url = _parse_diff_url(d.pop("diff_url"))

        ssim_region = d.pop("ssim_region", UNSET)

        template_version_parity_samples_item = cls(
            sample=sample,
            ssim=ssim,
            psnr=psnr,
            chromium_url=chromium_url,
            native_url=native_url,
            diff_url=diff_url,
            ssim_region=ssim_region,
        )

        template_version_parity_samples_item.additional_properties = d
        return template_version_parity_samples_item

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
