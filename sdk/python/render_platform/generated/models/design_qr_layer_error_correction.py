from enum import StrEnum


class DesignQrLayerErrorCorrection(StrEnum):
    H = "H"
    L = "L"
    M = "M"
    Q = "Q"

    def __str__(self) -> str:
        return str(self.value)
