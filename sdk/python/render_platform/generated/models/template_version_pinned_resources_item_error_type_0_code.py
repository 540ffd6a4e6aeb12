from enum import StrEnum


class TemplateVersionPinnedResourcesItemErrorType0Code(StrEnum):
    ASSET_TOO_LARGE = "asset_too_large"
    ASSET_UNREACHABLE = "asset_unreachable"
    SSRF_BLOCKED = "ssrf_blocked"

    def __str__(self) -> str:
        return str(self.value)
