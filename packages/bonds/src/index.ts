// @bonds/bonds: the bond search input, the screener and the security detail components.
export {}
