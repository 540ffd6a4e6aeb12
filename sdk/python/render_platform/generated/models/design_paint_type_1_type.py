from enum import StrEnum


class DesignPaintType1Type(StrEnum):
    LINEAR = "linear"

    def __str__(self) -> str:
        return str(self.value)
