#!/usr/bin/python3
"""The pricing benchmark's counterpart in QuantLib (Debian's quantlib-python): the same bonds,
one settlement date, a different yield or price on every call. Prints JSON: name -> [price/s, yield/s]."""
import json
import sys
import time

import QuantLib as ql

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
settle = ql.Date(23, 11, 2026)
ql.Settings.instance().evaluationDate = settle
EUR30 = ql.Thirty360(ql.Thirty360.European)


def bond(maturity, rate, freq, accrual):
    schedule = ql.Schedule(maturity - ql.Period(40, ql.Years), maturity, ql.Period(12 // freq, ql.Months),
                           ql.NullCalendar(), ql.Unadjusted, ql.Unadjusted, ql.DateGeneration.Backward, False)
    return ql.FixedRateBond(0, 100.0, schedule, [rate], accrual)


cases = {
    "10-year G-sec": (bond(ql.Date(15, 11, 2036), 0.0726, 2, EUR30), EUR30, ql.Semiannual),
    "30-year G-sec": (bond(ql.Date(19, 6, 2056), 0.073, 2, EUR30), EUR30, ql.Semiannual),
    "5-year annual corporate": (bond(ql.Date(23, 11, 2031), 0.0745, 1, ql.ActualActual(ql.ActualActual.ISMA)),
                                ql.Actual365Fixed(), ql.Annual),
}


def rate(fn):
    i, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        for _ in range(1000):
            fn(i)
            i += 1
    return i / (time.perf_counter() - start)


out = {}
for name, (b, dc, freq) in cases.items():
    base = b.cleanPrice(0.07, dc, ql.Compounded, freq, settle)
    p = rate(lambda i: b.cleanPrice(0.06 + (i % 20000) * 1e-6, dc, ql.Compounded, freq, settle))
    y = rate(lambda i: b.bondYield(base - 2 + (i % 40000) * 1e-4, dc, ql.Compounded, freq, settle, 1e-10, 100))
    out[name] = [p, y]
print(json.dumps(out))
