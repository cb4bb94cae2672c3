#!/usr/bin/python3
"""Reference prices and yields from QuantLib (Debian's quantlib-python), independent of
@bonds/pricing. Writes reference/cases.json; the Vitest suite checks the library against it.

Conventions modelled (docs/bond-math.md):
- GSEC (G-secs, SDLs): FixedRateBond on a schedule stepped back from maturity, unadjusted,
  Thirty360(European) accrual, yield compounded semi-annually on Thirty360(European) time.
  QuantLib's cleanPrice with these settings is Excel's PRICE(..., basis 4).
- STRIPS: a zero-coupon FixedRateBond on the same GSEC basis.
- CORPORATE (annual coupons on anniversary dates): ActualActual(ISMA) coupons (each annual
  coupon is exactly the rate, and accrual over the 365/366-day period equals SEBI's D(NCD)),
  discounted with Actual365Fixed, Compounded Annual: XIRR / XNPV.
- TBILL: InterestRate(y, Actual365Fixed, Simple) discount factor: 100 / (1 + y * D/365).
- Calls: yield to call = the bond cut at the call date, redeemed at the call price.
Run: /usr/bin/python3 packages/pricing/reference/generate.py
"""
import json
import os

import QuantLib as ql

EUR30 = ql.Thirty360(ql.Thirty360.European)
ACT365 = ql.Actual365Fixed()
ISMA = ql.ActualActual(ql.ActualActual.ISMA)


def d(iso):
    y, m, dd = map(int, iso.split("-"))
    return ql.Date(dd, m, y)


def iso(date):
    return f"{date.year():04d}-{date.month():02d}-{date.dayOfMonth():02d}"


def fixed_bond(maturity, settle, rate, freq, day_count, redemption=100.0):
    mat = d(maturity)
    period = ql.Period(12 // freq, ql.Months)
    start = mat
    # Step back from maturity until before settlement: a regular schedule (no stub).
    k = 0
    while start > d(settle):
        k += 1
        start = mat - ql.Period(k * (12 // freq), ql.Months)
    schedule = ql.Schedule(start, mat, period, ql.NullCalendar(), ql.Unadjusted, ql.Unadjusted,
                           ql.DateGeneration.Backward, False)
    return ql.FixedRateBond(0, 100.0, schedule, [rate], day_count, ql.Unadjusted, redemption)


def gsec_case(name, maturity, settle, rate, y, freq=2, workout=None):
    ql.Settings.instance().evaluationDate = d(settle)
    mat, redemption = (workout["date"], workout["price"]) if workout else (maturity, 100.0)
    bond = fixed_bond(mat, settle, rate, freq, EUR30, redemption)
    clean = bond.cleanPrice(y, EUR30, ql.Compounded, freq, d(settle))
    accrued = bond.accruedAmount(d(settle))
    return case(name, "GSEC", maturity, rate, freq, settle, y, clean, accrued, workout)


def corp_case(name, maturity, settle, rate, y, workout=None):
    ql.Settings.instance().evaluationDate = d(settle)
    mat, redemption = (workout["date"], workout["price"]) if workout else (maturity, 100.0)
    bond = fixed_bond(mat, settle, rate, 1, ISMA, redemption)
    clean = bond.cleanPrice(y, ACT365, ql.Compounded, ql.Annual, d(settle))
    accrued = bond.accruedAmount(d(settle))
    return case(name, "CORPORATE", maturity, rate, 1, settle, y, clean, accrued, workout)


def zero_corp_case(name, maturity, settle, y, redemption=100.0):
    days = d(maturity) - d(settle)
    rate = ql.InterestRate(y, ACT365, ql.Compounded, ql.Annual)
    clean = redemption * rate.discountFactor(d(settle), d(maturity))
    return case(name, "CORPORATE", maturity, 0.0, None, settle, y, clean, 0.0, None, redemption, days)


def tbill_case(name, maturity, settle, y):
    rate = ql.InterestRate(y, ACT365, ql.Simple, ql.Annual)
    clean = 100.0 * rate.discountFactor(d(settle), d(maturity))
    return case(name, "TBILL", maturity, 0.0, None, settle, y, clean, 0.0, None)


def case(name, convention, maturity, rate, freq, settle, y, clean, accrued, workout, redemption=100.0, _=None):
    terms = {"convention": convention, "maturityDate": maturity, "couponRate": rate}
    if freq:
        terms["frequency"] = freq
    if redemption != 100.0:
        terms["redemption"] = redemption
    out = {"name": name, "terms": terms, "settlement": settle, "yield": y,
           "cleanPrice": clean, "accruedInterest": accrued, "source": "QuantLib " + ql.__version__}
    if workout:
        out["workout"] = workout
    return out


cases = [
    # G-secs (hand-checked securities of shared/data/README.md)
    gsec_case("6.54% GS 2032, mid-period", "2032-01-17", "2026-11-23", 0.0654, 0.0668),
    gsec_case("6.54% GS 2032, on a coupon date", "2032-01-17", "2026-07-17", 0.0654, 0.0659),
    gsec_case("6.54% GS 2032, day after a coupon", "2032-01-17", "2026-07-18", 0.0654, 0.0659),
    gsec_case("6.54% GS 2032, day before a coupon", "2032-01-17", "2027-01-16", 0.0654, 0.0652),
    gsec_case("7.18% GS 2033", "2033-08-14", "2026-11-23", 0.0718, 0.0671),
    gsec_case("7.18% GS 2037", "2037-07-24", "2026-11-23", 0.0718, 0.0690),
    gsec_case("7.10% GS 2034", "2034-04-08", "2026-11-23", 0.0710, 0.0675),
    gsec_case("7.30% GS 2053 (30-year)", "2053-06-19", "2026-11-23", 0.0730, 0.0712),
    gsec_case("7.26% GS 2033", "2033-02-06", "2026-11-23", 0.0726, 0.0672),
    gsec_case("7.26% GS 2032", "2032-08-22", "2026-11-23", 0.0726, 0.0668),
    gsec_case("6.10% GS 2031", "2031-07-12", "2026-11-23", 0.0610, 0.0655),
    gsec_case("7.38% GS 2027, short residual", "2027-06-20", "2026-11-23", 0.0738, 0.0585),
    gsec_case("7.06% GS 2028", "2028-04-10", "2026-11-23", 0.0706, 0.0605),
    gsec_case("6.79% GS 2034", "2034-10-07", "2026-11-23", 0.0679, 0.0678),
    gsec_case("6.68% GS 2040", "2040-07-07", "2026-11-23", 0.0668, 0.0701),
    gsec_case("7.36% GS 2052", "2052-09-12", "2026-11-23", 0.0736, 0.0713),
    gsec_case("6.99% GS 2051, high yield", "2051-12-15", "2026-11-23", 0.0699, 0.1150),
    gsec_case("6.99% GS 2051, low yield", "2051-12-15", "2026-11-23", 0.0699, 0.0150),
    gsec_case("5.74% GS 2026, last period", "2026-11-15", "2026-08-03", 0.0574, 0.0555),
    gsec_case("settlement on the 31st", "2033-08-14", "2026-12-31", 0.0718, 0.0671),
    gsec_case("settlement on 29 February", "2033-08-14", "2028-02-29", 0.0718, 0.0700),
    gsec_case("maturity on the 31st", "2035-03-31", "2026-11-23", 0.0700, 0.0690),
    gsec_case("maturity on the 31st, settle on 30 Sep", "2035-03-31", "2026-09-30", 0.0700, 0.0690),
    # SDLs
    gsec_case("7.44% Karnataka SDL 2035", "2035-02-09", "2026-11-23", 0.0744, 0.0720),
    gsec_case("8.35% Gujarat SDL 2028 (28 Feb)", "2028-02-28", "2026-11-23", 0.0835, 0.0640),
    gsec_case("8.34% Tamil Nadu SDL 2028, last period across 29 Feb", "2028-02-28", "2027-12-31", 0.0834, 0.0610),
    gsec_case("7.62% Andhra Pradesh SDL 2036", "2036-08-24", "2026-11-23", 0.0762, 0.0725),
    gsec_case("7.35% Uttar Pradesh SDL 2034", "2034-03-30", "2026-11-23", 0.0735, 0.0715),
    gsec_case("7.30% Tamil Nadu SDL 2034", "2034-09-25", "2026-11-23", 0.0730, 0.0718),
    # STRIPS (zero coupon on the G-sec basis)
    gsec_case("GOI STRIPS 2027", "2027-01-02", "2026-11-23", 0.0, 0.0560),
    gsec_case("GOI STRIPS 2036", "2036-06-15", "2026-11-23", 0.0, 0.0705),
    # T-bills
    tbill_case("91-day T-bill", "2027-02-19", "2026-11-23", 0.0545),
    tbill_case("182-day T-bill", "2027-05-21", "2026-11-23", 0.0560),
    tbill_case("364-day T-bill", "2027-11-18", "2026-11-23", 0.0575),
    # Corporate, annual coupons (tax-free PSU bonds of the README)
    corp_case("NHAI tax-free 2031", "2031-01-11", "2026-11-23", 0.0735, 0.0560),
    corp_case("IRFC tax-free 2035", "2035-12-21", "2026-11-23", 0.0725, 0.0590),
    corp_case("NTPC tax-free 2033", "2033-12-16", "2026-11-23", 0.0891, 0.0585),
    corp_case("HUDCO tax-free 2031, across 29 Feb 2028", "2031-02-08", "2027-03-01", 0.0764, 0.0575),
    corp_case("NABARD tax-free 2031, leap-year coupon period", "2031-03-23", "2028-02-29", 0.0764, 0.0570),
    corp_case("IIFCL tax-free 2033, on a coupon date", "2033-01-22", "2027-01-22", 0.0740, 0.0580),
    corp_case("5-year AAA NCD, annual", "2031-11-23", "2026-11-24", 0.0745, 0.0720),
    corp_case("AAA NCD, short residual", "2027-06-30", "2026-11-23", 0.0790, 0.0710),
    # Corporate zero coupon (redemption at a premium)
    zero_corp_case("zero-coupon NCD at 100", "2029-05-15", "2026-11-23", 0.0780),
    zero_corp_case("zero-coupon NCD redeemed at 135.50", "2030-03-31", "2026-11-23", 0.0800, 135.50),
    # Callable: yield to call (bond cut at the call date, redeemed at the call price)
    gsec_case("callable SDL-style, to call at par", "2036-08-24", "2026-11-23", 0.0762, 0.0725,
              workout={"date": "2031-08-24", "price": 100.0}),
    corp_case("callable NCD, to call at 101", "2034-12-15", "2026-11-23", 0.0850, 0.0780,
              workout={"date": "2029-12-15", "price": 101.0}),
    corp_case("puttable NCD, to put at par", "2036-06-30", "2026-11-23", 0.0790, 0.0745,
              workout={"date": "2030-06-30", "price": 100.0}),
]

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")
with open(out, "w") as f:
    json.dump({"generator": "reference/generate.py", "quantlib": ql.__version__, "cases": cases}, f, indent=2)
    f.write("\n")
print(f"{len(cases)} cases -> {out}")
