from enum import StrEnum


class ImageImageMetadataType0Engine(StrEnum):
    CHROMIUM = "chromium"
    NATIVE = "native"

    def __str__(self) -> str:
        return str(self.value)
