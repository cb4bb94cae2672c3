#!/usr/bin/python3
"""Cross-checks the QuantLib reference table with Gnumeric (Debian's `gnumeric`, `ssconvert`
recalculates a sheet headless). Marks each case "crossChecked" in cases.json with the spreadsheet
formula used, the price difference and (where the spreadsheet solves for it) the yield difference:

- G-secs and SDLs with two or more flows left: PRICE(settlement, end, rate, yield, redemption, 2, 4)
  and YIELD(..., clean, redemption, 2, 4), basis 4 = European 30/360 (to a call or put date with
  the option price as the redemption).
- G-secs in the last coupon period, ex-interest, and STRIPS: Gnumeric's PRICE switches to simple
  interest in the last period (bond-math.md section 6) and has no ex-interest or zero-coupon form,
  so the sheet discounts the case's flows itself: sum of CF / (1 + y/2)^(DAYS360(s, date, TRUE)/180)
  (DAYS360 with method TRUE is 30E/360). Price only.
- Corporates (annual, semi-annual, quarterly, monthly, zero coupon, amortising, to a call or put,
  ex-interest): XNPV(y, {0, CF...}, {settlement, dates...}) against the dirty price and
  XIRR({-dirty, CF...}, {settlement, dates...}) against the yield, over the case's flows.
- T-bills: the RBI formulas 100/(1 + y*D/365) and (100 - P)/P * 365/D in sheet arithmetic.

Run after generate.py: /usr/bin/python3 packages/pricing/reference/crosscheck.py
"""
import csv
import datetime
import json
import os
import subprocess
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "cases.json")
table = json.load(open(path))
EPOCH = datetime.date(1899, 12, 30)


def serial(iso):
    return (datetime.date.fromisoformat(iso) - EPOCH).days


def date_expr(iso):
    y, m, d = iso.split("-")
    return f"DATE({int(y)},{int(m)},{int(d)})"


def array(values):
    return "{" + ";".join(repr(v) for v in values) + "}"


rows = []  # (case index, price kind, label, price formula, yield formula or None)
for i, case in enumerate(table["cases"]):
    case.pop("crossChecked", None)
    terms, settle, y = case["terms"], case["settlement"], case["yield"]
    flows = case["flows"]
    clean = case["cleanPrice"]
    dirty = clean + case["accruedInterest"]
    s = date_expr(settle)
    if terms["convention"] == "TBILL":
        days = f"({date_expr(terms['maturityDate'])}-{s})"
        rows.append((i, "clean", "Gnumeric arithmetic, RBI T-bill formulas",
                     f"=100/(1+{y}*{days}/365)", f"=(100-{clean!r})/{clean!r}*365/{days}"))
    elif terms["convention"] == "GSEC":
        end, redemption = (case["workout"]["date"], case["workout"]["price"]) if case.get(
            "workout") else (terms["maturityDate"], terms.get("redemption", 100))
        if terms["couponRate"] > 0 and not terms.get("recordDays") and len(flows) >= 2:
            e = date_expr(end)
            rows.append((i, "clean", "Gnumeric PRICE/YIELD basis 4",
                         f"=PRICE({s},{e},{terms['couponRate']},{y},{redemption},2,4)",
                         f"=YIELD({s},{e},{terms['couponRate']},{clean!r},{redemption},2,4)"))
        else:
            terms_sum = "+".join(
                f"{f['amount']!r}/(1+{y}/2)^(DAYS360({s},{date_expr(f['date'])},TRUE)/180)"
                for f in flows)
            rows.append((i, "dirty", "Gnumeric sum of flows over DAYS360(..., TRUE)/180",
                         f"={terms_sum}", None))
    else:
        amounts = [f["amount"] for f in flows]
        dates = [serial(settle)] + [serial(f["date"]) for f in flows]
        rows.append((i, "dirty", "Gnumeric XNPV/XIRR",
                     f"=XNPV({y},{array([0] + amounts)},{array(dates)})",
                     f"=XIRR({array([-dirty] + amounts)},{array(dates)},0.07)"))

with tempfile.TemporaryDirectory() as tmp:
    source = os.path.join(tmp, "in.csv")
    result = os.path.join(tmp, "out.csv")
    with open(source, "w", newline="") as f:
        csv.writer(f).writerows([[price, yld or "0"] for _, _, _, price, yld in rows])
    subprocess.run(["ssconvert", "--recalc", source, result], check=True, capture_output=True)
    values = [(float(r[0]), float(r[1])) for r in csv.reader(open(result))]

worst_price = worst_yield = 0.0
for (i, kind, how, _, yield_formula), (price, yld) in zip(rows, values):
    case = table["cases"][i]
    expected = case["cleanPrice"] + (case["accruedInterest"] if kind == "dirty" else 0)
    check = {"with": how, "difference": abs(price - expected)}
    worst_price = max(worst_price, check["difference"])
    if yield_formula:
        check["yieldDifference"] = abs(yld - case["yield"])
        worst_yield = max(worst_yield, check["yieldDifference"])
    case["crossChecked"] = check

with open(path, "w") as f:
    json.dump(table, f, indent=2)
    f.write("\n")
print(f"cross-checked {len(rows)} of {len(table['cases'])} cases with Gnumeric; largest price "
      f"difference {worst_price:.3g}, largest yield difference {worst_yield:.3g}")
