from enum import StrEnum


class DesignQrLayerType(StrEnum):
    QR = "qr"

    def __str__(self) -> str:
        return str(self.value)
