from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AudioTrack")


@_attrs_define
class AudioTrack:
    """A soundtrack under the video (mp4: AAC, webm: Opus; a gif with audio answers 422). Cut or looped to the video's
    duration and mixed in after the chunks are joined. At most 26214400 bytes are downloaded.

        Attributes:
            url (str): http(s) URL (public addresses only, no redirects) or `asset://<id>` of an uploaded audio asset (mp3,
                wav, ogg, m4a).
            volume (float | Unset): Gain; 1 (default) keeps the level, 0 is silence.
            start_at (float | Unset): Second of the video where the track starts (default 0); silence before. Must be less
                than the duration.
            fade_in (float | Unset): Fade-in length in seconds from start_at (default 0).
            fade_out (float | Unset): Fade-out length in seconds ending at the video's end (default 0).
            loop (bool | Unset): Repeat the track until the video ends (default false: silence after it).
    """

    url: str
    volume: float | Unset = UNSET
    start_at: float | Unset = UNSET
    fade_in: float | Unset = UNSET
    fade_out: float | Unset = UNSET
    loop: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        volume = self.volume

        start_at = self.start_at

        fade_in = self.fade_in

        fade_out = self.fade_out

        loop = self.loop

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if volume is not UNSET:
            field_dict["volume"] = volume
        if start_at is not UNSET:
            field_dict["start_at"] = start_at
        if fade_in is not UNSET:
            field_dict["fade_in"] = fade_in
        if fade_out is not UNSET:
            field_dict["fade_out"] = fade_out
        if loop is not UNSET:
            field_dict["loop"] = loop

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        volume = d.pop("volume", UNSET)

        start_at = d.pop("start_at", UNSET)

        fade_in = d.pop("fade_in", UNSET)

        fade_out = d.pop("fade_out", UNSET)

        loop = d.pop("loop", UNSET)

        audio_track = cls(
            url=url,
            volume=volume,
            start_at=start_at,
            fade_in=fade_in,
            fade_out=fade_out,
            loop=loop,
        )

        return audio_track
