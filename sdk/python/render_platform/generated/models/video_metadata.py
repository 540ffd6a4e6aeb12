from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.provenance import Provenance
    from ..models.video_metadata_audio_type_0 import VideoMetadataAudioType0


T = TypeVar("T", bound="VideoMetadata")


@_attrs_define
class VideoMetadata:
    """What the finished file is; null until completed.

    Attributes:
        format_ (str | Unset): mp4, webm or gif
        width (int | Unset):
        height (int | Unset):
        fps (int | Unset):
        frames (int | Unset):
        duration_seconds (float | Unset):
        bytes_ (int | Unset):
        alpha (bool | Unset): webm with a transparent background (yuva420p)
        audio (None | Unset | VideoMetadataAudioType0):
        provenance (Provenance | Unset): What made the render (docs/renders.md): equal `fingerprint` means made the same
            way.
    """

    format_: str | Unset = UNSET
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    fps: int | Unset = UNSET
    frames: int | Unset = UNSET
    duration_seconds: float | Unset = UNSET
    bytes_: int | Unset = UNSET
    alpha: bool | Unset = UNSET
    audio: None | Unset | VideoMetadataAudioType0 = UNSET
    provenance: Provenance | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.video_metadata_audio_type_0 import VideoMetadataAudioType0

        format_ = self.format_

        width = self.width

        height = self.height

        fps = self.fps

        frames = self.frames

        duration_seconds = self.duration_seconds

        bytes_ = self.bytes_

        alpha = self.alpha

        audio: dict[str, Any] | None | Unset
        if isinstance(self.audio, Unset):
            audio = UNSET
        elif isinstance(self.audio, VideoMetadataAudioType0):
            audio = self.audio.to_dict()
        else:
            audio = self.audio

        provenance: dict[str, Any] | Unset = UNSET
        if not isinstance(self.provenance, Unset):
            provenance = self.provenance.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if format_ is not UNSET:
            field_dict["format"] = format_
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if fps is not UNSET:
            field_dict["fps"] = fps
        if frames is not UNSET:
            field_dict["frames"] = frames
        if duration_seconds is not UNSET:
            field_dict["duration_seconds"] = duration_seconds
        if bytes_ is not UNSET:
            field_dict["bytes"] = bytes_
        if alpha is not UNSET:
            field_dict["alpha"] = alpha
        if audio is not UNSET:
            field_dict["audio"] = audio
        if provenance is not UNSET:
            field_dict["provenance"] = provenance

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provenance import Provenance
        from ..models.video_metadata_audio_type_0 import VideoMetadataAudioType0

        d = dict(src_dict)
        format_ = d.pop("format", UNSET)

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        fps = d.pop("fps", UNSET)

        frames = d.pop("frames", UNSET)

        duration_seconds = d.pop("duration_seconds", UNSET)

        bytes_ = d.pop("bytes", UNSET)

        alpha = d.pop("alpha", UNSET)

        def _parse_audio(data: object) -> None | Unset | VideoMetadataAudioType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audio_type_0 = VideoMetadataAudioType0.from_dict(data)

                return audio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VideoMetadataAudioType0, data)

        audio = _parse_audio(d.pop("audio", UNSET))

        _provenance = d.pop("provenance", UNSET)
        provenance: Provenance | Unset
        if isinstance(_provenance, Unset):
            provenance = UNSET
        else:
            provenance = Provenance.from_dict(_provenance)

        video_metadata = cls(
            format_=format_,
            width=width,
            height=height,
            fps=fps,
            frames=frames,
            duration_seconds=duration_seconds,
            bytes_=bytes_,
            alpha=alpha,
            audio=audio,
            provenance=provenance,
        )

        video_metadata.additional_properties = d
        return video_metadata

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
