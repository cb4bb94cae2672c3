#!/usr/bin/python3
"""Reference prices and yields from QuantLib (Debian's quantlib-python), independent of
@bonds/pricing. Writes reference/cases.json; the Vitest suite checks the library against it.

Conventions modelled (docs/bond-math.md):
- GSEC (G-secs, SDLs): FixedRateBond on a schedule stepped back from maturity, unadjusted,
  Thirty360(European) accrual, yield compounded semi-annually on Thirty360(European) time.
  QuantLib's cleanPrice with these settings is Excel's PRICE(..., basis 4).
- STRIPS: a zero-coupon FixedRateBond on the same GSEC basis.
- CORPORATE, annual coupons on anniversary dates: ActualActual(ISMA) coupons (each annual coupon is
  exactly the rate, and accrual over the 365/366-day period equals SEBI's D(NCD)), discounted with
  Actual365Fixed, Compounded Annual: XIRR / XNPV.
- CORPORATE, semi-annual / quarterly / monthly: QuantLib has no day counter for SEBI's
  Actual/Actual (366 days for every period of the one-year window (c - 1 year, c] that holds
  29 February; ActualActual ISMA pays exactly rate/f, ISDA splits by calendar year, AFB looks at the
  period itself). So this script builds those coupons itself from QuantLib's schedule dates
  (`sebi_flows`, written from the SEBI circular, not from the library), and QuantLib discounts them:
  CashFlows.npv with InterestRate(y, Actual365Fixed, Compounded, Annual), which is XNPV. Gnumeric's
  XNPV/XIRR cross-checks the discounting (crosscheck.py); see docs/decisions/022-pricing-reference.md.
- Amortising: AmortizingFixedRateBond (annual, ActualActual ISMA) with the notional falling on
  coupon dates. QuantLib quotes per 100 of outstanding face; the table is per 100 of original face
  (bond-math.md section 8), so dirty = CashFlows.npv of the bond's flows, accrued scaled by the
  outstanding.
- Ex-interest: FixedRateBond with exCouponPeriod = recordDays - 1 days: QuantLib trades ex-coupon
  from the day after the record date, as the note says; its accrued interest is then negative.
- TBILL: InterestRate(y, Actual365Fixed, Simple) discount factor: 100 / (1 + y * D/365).
- Calls and puts: yield to the workout = the bond cut at the option date, redeemed at its price.
Each case carries the flows the buyer receives (date, amount per 100 original face) so the test can
check the library's schedule and crosscheck.py can re-discount them in a spreadsheet.
Run: /usr/bin/python3 packages/pricing/reference/generate.py (then crosscheck.py)
"""
import datetime
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


def schedule_for(maturity, settle, freq):
    """A regular schedule stepped back from maturity to the last date on or before settlement."""
    mat = d(maturity)
    step = 12 // freq
    k = 0
    start = mat
    while start > d(settle):
        k += 1
        start = mat - ql.Period(k * step, ql.Months)
    return ql.Schedule(start, mat, ql.Period(step, ql.Months), ql.NullCalendar(), ql.Unadjusted,
                       ql.Unadjusted, ql.DateGeneration.Backward, False)


def fixed_bond(maturity, settle, rate, freq, day_count, redemption=100.0, record_days=None):
    ex = ql.Period(record_days - 1, ql.Days) if record_days else ql.Period()
    return ql.FixedRateBond(0, 100.0, schedule_for(maturity, settle, freq), [rate], day_count,
                            ql.Unadjusted, redemption, ql.Date(), ql.NullCalendar(), ex,
                            ql.NullCalendar(), ql.Unadjusted, False)


def buyer_flows(bond, settle, record_days=None):
    """The bond's flows after settlement, less a coupon whose record date is before settlement."""
    flows = {}
    for cf in bond.cashflows():
        if cf.date() <= d(settle):
            continue
        coupon = ql.as_coupon(cf)
        if coupon is not None and record_days and d(settle) > cf.date() - record_days:
            continue
        flows[iso(cf.date())] = flows.get(iso(cf.date()), 0.0) + cf.amount()
    return [{"date": k, "amount": v} for k, v in sorted(flows.items()) if v != 0]


def gsec_case(name, maturity, settle, rate, y, freq=2, workout=None, record_days=None):
    ql.Settings.instance().evaluationDate = d(settle)
    mat, redemption = (workout["date"], workout["price"]) if workout else (maturity, 100.0)
    bond = fixed_bond(mat, settle, rate, freq, EUR30, redemption, record_days)
    clean = bond.cleanPrice(y, EUR30, ql.Compounded, freq, d(settle))
    accrued = bond.accruedAmount(d(settle))
    return case(name, "GSEC", maturity, rate, freq, settle, y, clean, accrued, workout,
                flows=buyer_flows(bond, settle, record_days), record_days=record_days)


def corp_case(name, maturity, settle, rate, y, workout=None, record_days=None):
    ql.Settings.instance().evaluationDate = d(settle)
    mat, redemption = (workout["date"], workout["price"]) if workout else (maturity, 100.0)
    bond = fixed_bond(mat, settle, rate, 1, ISMA, redemption, record_days)
    clean = bond.cleanPrice(y, ACT365, ql.Compounded, ql.Annual, d(settle))
    accrued = bond.accruedAmount(d(settle))
    return case(name, "CORPORATE", maturity, rate, 1, settle, y, clean, accrued, workout,
                flows=buyer_flows(bond, settle, record_days), record_days=record_days)


def xnpv(flows, settle, y):
    """QuantLib's discounting of dated flows: annual compounding on Actual/365 time (XNPV)."""
    leg = [ql.SimpleCashFlow(f["amount"], d(f["date"])) for f in flows]
    rate = ql.InterestRate(y, ACT365, ql.Compounded, ql.Annual)
    dirty = ql.CashFlows.npv(leg, rate, False, d(settle), d(settle))
    back = ql.CashFlows.yieldRate(leg, dirty, ACT365, ql.Compounded, ql.Annual, False, d(settle),
                                  d(settle), 1e-14, 100, 0.05)
    assert abs(back - y) < 1e-10, (back, y)
    return dirty


def amortising_case(name, maturity, settle, rate, y, repayments):
    """Annual coupons on the outstanding face; repayments {date: amount per 100} on coupon dates."""
    ql.Settings.instance().evaluationDate = d(settle)
    schedule = schedule_for(maturity, settle, 1)
    dates = [iso(x) for x in schedule.dates()]
    left = 100.0 - sum(v for k, v in repayments.items() if k <= dates[0])
    notionals = []
    for end in dates[1:]:
        notionals.append(left)
        left -= repayments.get(end, 0.0)
    bond = ql.AmortizingFixedRateBond(0, notionals, schedule, [rate], ISMA)
    outstanding = bond.notional(d(settle))
    flows = buyer_flows(bond, settle)
    dirty = xnpv(flows, settle, y)
    # QuantLib's own price is per 100 outstanding: the same number, rescaled.
    ql_dirty = bond.dirtyPrice(y, ACT365, ql.Compounded, ql.Annual, d(settle))
    assert abs(ql_dirty * outstanding / 100 - dirty) < 1e-9, (ql_dirty, dirty)
    accrued = bond.accruedAmount(d(settle)) * outstanding / 100
    out = case(name, "CORPORATE", maturity, rate, 1, settle, y, dirty - accrued, accrued, None,
               flows=flows)
    out["terms"]["principalRepayments"] = [{"date": k, "amountPer100": v}
                                           for k, v in sorted(repayments.items())]
    out["source"] += " AmortizingFixedRateBond"
    return out


def py_date(iso_date):
    return datetime.date.fromisoformat(iso_date)


def sebi_year(coupon):
    """SEBI: 366 when 29 February falls in (coupon - 1 year, coupon], else 365."""
    try:
        start = coupon.replace(year=coupon.year - 1)
    except ValueError:  # coupon on 29 February
        start = coupon.replace(year=coupon.year - 1, day=28)
    day = start + datetime.timedelta(days=1)
    while day <= coupon:
        if day.month == 2 and day.day == 29:
            return 366
        day += datetime.timedelta(days=1)
    return 365


def sebi_case(name, maturity, settle, rate, freq, y):
    """Corporate with semi-annual, quarterly or monthly coupons on SEBI Actual/Actual."""
    schedule = [py_date(iso(x)) for x in schedule_for(maturity, settle, freq).dates()]
    s = py_date(settle)
    flows = []
    for start, end in zip(schedule, schedule[1:]):
        amount = 100 * rate * (end - start).days / sebi_year(end)
        if end == schedule[-1]:
            amount += 100.0
        if end > s:
            flows.append({"date": end.isoformat(), "amount": amount})
    pcd = max(x for x in schedule if x <= s)
    ncd = min(x for x in schedule if x > s)
    accrued = 100 * rate * (s - pcd).days / sebi_year(ncd)
    dirty = xnpv(flows, settle, y)
    out = case(name, "CORPORATE", maturity, rate, freq, settle, y, dirty - accrued, accrued, None,
               flows=flows)
    out["source"] += " CashFlows.npv over SEBI Actual/Actual coupons built in generate.py"
    return out


def zero_corp_case(name, maturity, settle, y, redemption=100.0):
    rate = ql.InterestRate(y, ACT365, ql.Compounded, ql.Annual)
    clean = redemption * rate.discountFactor(d(settle), d(maturity))
    return case(name, "CORPORATE", maturity, 0.0, None, settle, y, clean, 0.0, None, redemption,
                flows=[{"date": maturity, "amount": redemption}])


def tbill_case(name, maturity, settle, y):
    rate = ql.InterestRate(y, ACT365, ql.Simple, ql.Annual)
    clean = 100.0 * rate.discountFactor(d(settle), d(maturity))
    return case(name, "TBILL", maturity, 0.0, None, settle, y, clean, 0.0, None,
                flows=[{"date": maturity, "amount": 100.0}])


def case(name, convention, maturity, rate, freq, settle, y, clean, accrued, workout,
         redemption=100.0, flows=None, record_days=None):
    terms = {"convention": convention, "maturityDate": maturity, "couponRate": rate}
    if freq:
        terms["frequency"] = freq
    if redemption != 100.0:
        terms["redemption"] = redemption
    if record_days:
        terms["recordDays"] = record_days
    out = {"name": name, "terms": terms, "settlement": settle, "yield": y,
           "cleanPrice": clean, "accruedInterest": accrued, "source": "QuantLib " + ql.__version__}
    if workout:
        out["workout"] = workout
    if flows is not None:
        out["flows"] = flows
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
    # Corporate, SEBI Actual/Actual with more than one coupon a year (coupons vary with the days)
    sebi_case("semi-annual NCD, mid-period", "2030-06-15", "2026-11-23", 0.0810, 2, 0.0785),
    sebi_case("semi-annual NCD, coupon period holding 29 Feb 2028", "2031-03-10", "2027-11-30", 0.0875, 2, 0.0820),
    sebi_case("semi-annual NCD, settlement on the 31st and on a coupon date", "2029-12-31", "2026-12-31", 0.0790, 2, 0.0760),
    sebi_case("semi-annual NCD, last period", "2027-03-15", "2026-11-23", 0.0850, 2, 0.0720),
    sebi_case("quarterly NCD", "2029-09-30", "2026-11-23", 0.0915, 4, 0.0890),
    sebi_case("quarterly NCD across 29 Feb 2028", "2030-05-15", "2028-01-20", 0.0880, 4, 0.0840),
    sebi_case("monthly NCD", "2028-04-25", "2026-11-23", 0.0960, 12, 0.0925),
    corp_case("annual NCD, settlement on the 31st", "2030-03-31", "2026-12-31", 0.0765, 0.0740),
    # Amortising (staggered redemption on coupon dates), per 100 of original face
    amortising_case("amortising NCD, 30/30/40", "2031-11-23", "2026-11-24", 0.0745, 0.0720,
                    {"2029-11-23": 30.0, "2030-11-23": 30.0}),
    amortising_case("amortising NCD, after the first instalment", "2031-11-23", "2029-12-10", 0.0745, 0.0705,
                    {"2029-11-23": 30.0, "2030-11-23": 30.0}),
    # Ex-interest: settlement after the record date and before the coupon
    gsec_case("6.54% GS 2032, ex-interest (record date 15 days before)", "2032-01-17", "2027-01-10", 0.0654, 0.0668,
              record_days=15),
    corp_case("NHAI tax-free 2031, ex-interest", "2031-01-11", "2027-01-05", 0.0735, 0.0560, record_days=15),
    corp_case("NHAI tax-free 2031, settlement on the record date (cum-interest)", "2031-01-11", "2026-12-27",
              0.0735, 0.0560, record_days=15),
]

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")
with open(out, "w") as f:
    json.dump({"generator": "reference/generate.py", "quantlib": ql.__version__, "cases": cases}, f, indent=2)
    f.write("\n")
print(f"{len(cases)} cases -> {out}")
