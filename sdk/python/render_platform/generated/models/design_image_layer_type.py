from enum import StrEnum


class DesignImageLayerType(StrEnum):
    IMAGE = "image"

    def __str__(self) -> str:
        return str(self.value)
