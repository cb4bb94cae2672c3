#!/usr/bin/python3
"""The pricing benchmark's counterpart in QuantLib (Debian's quantlib-python): the same bonds and
conventions as reference/generate.py, one settlement date, a different yield or price on every call.
The bond (schedule and cash flows) is built once, as @bonds/pricing's prepareBond is. Prints JSON:
name -> [price-from-yield a second, yield-from-price a second]."""
import json
import sys
import time

import QuantLib as ql

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
settle = ql.Date(23, 11, 2026)
ql.Settings.instance().evaluationDate = settle
EUR30 = ql.Thirty360(ql.Thirty360.European)


def bond(maturity, rate, freq, accrual):
    """Schedule stepped back from maturity to the last coupon date on or before settlement."""
    step = 12 // freq
    k, start = 0, maturity
    while start > settle:
        k += 1
        start = maturity - ql.Period(k * step, ql.Months)
    schedule = ql.Schedule(start, maturity, ql.Period(step, ql.Months), ql.NullCalendar(),
                           ql.Unadjusted, ql.Unadjusted, ql.DateGeneration.Backward, False)
    return ql.FixedRateBond(0, 100.0, schedule, [rate], accrual, ql.Unadjusted)


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
    y = rate(lambda i: b.bondYield(base - 2 + (i % 40000) * 1e-4, dc, ql.Compounded, freq, settle,
                                   1e-10, 100))
    out[name] = [p, y]
print(json.dumps(out))
