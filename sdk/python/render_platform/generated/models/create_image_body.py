from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_image_body_metadata import CreateImageBodyMetadata
    from ..models.modification import Modification


T = TypeVar("T", bound="CreateImageBody")


@_attrs_define
class CreateImageBody:
    """
    Attributes:
        template_id (UUID):
        modifications (list[Modification] | Unset):
        webhook_url (str | Unset): Receives `image.completed`/`image.failed` (or video.*) as a signed delivery; see
            docs/webhooks.md
        metadata (CreateImageBodyMetadata | Unset): Free-form client data echoed back on the record (max 16 KiB)
        cache (bool | Unset): true: when the org has a completed render of the same template version with the same
            modifications (format and size follow the version), the new record reuses its stored result (`cached_from` names
            it) and completes without rendering. Default false.
        variants (list[str] | Unset): Size variants of the template (`canvas_data.variants`) to render, by name: one
            record with one entry in `outputs` per variant, in this order, all from the same bound values; `result_url` is
            the first one's.
    """

    template_id: UUID
    modifications: list[Modification] | Unset = UNSET
    webhook_url: str | Unset = UNSET
    metadata: CreateImageBodyMetadata | Unset = UNSET
    cache: bool | Unset = UNSET
    variants: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template_id = str(self.template_id)

        modifications: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.modifications, Unset):
            modifications = []
            for modifications_item_data in self.modifications:
                modifications_item = modifications_item_data.to_dict()
                modifications.append(modifications_item)

        webhook_url = self.webhook_url

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        cache = self.cache

        variants: list[str] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template_id": template_id,
            }
        )
        if modifications is not UNSET:
            field_dict["modifications"] = modifications
        if webhook_url is not UNSET:
            field_dict["webhook_url"] = webhook_url
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if cache is not UNSET:
            field_dict["cache"] = cache
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_image_body_metadata import CreateImageBodyMetadata
        from ..models.modification import Modification

        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        _modifications = d.pop("modifications", UNSET)
        modifications: list[Modification] | Unset = UNSET
        if _modifications is not UNSET:
            modifications = []
            for modifications_item_data in _modifications:
                modifications_item = Modification.from_dict(modifications_item_data)

                modifications.append(modifications_item)

        webhook_url = d.pop("webhook_url", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CreateImageBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CreateImageBodyMetadata.from_dict(_metadata)

        cache = d.pop("cache", UNSET)

        variants = cast(list[str], d.pop("variants", UNSET))

        create_image_body = cls(
            template_id=template_id,
            modifications=modifications,
            webhook_url=webhook_url,
            metadata=metadata,
            cache=cache,
            variants=variants,
        )

        return create_image_body
