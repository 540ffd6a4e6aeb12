from enum import StrEnum


class DesignTextLayerOverflowMode(StrEnum):
    CLIP = "clip"
    ELLIPSIS = "ellipsis"
    FIT = "fit"

    def __str__(self) -> str:
        return str(self.value)
