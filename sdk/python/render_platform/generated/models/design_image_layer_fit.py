from enum import StrEnum


class DesignImageLayerFit(StrEnum):
    CONTAIN = "contain"
    COVER = "cover"
    FILL = "fill"

    def __str__(self) -> str:
        return str(self.value)
