#!/usr/bin/python3
"""Cross-checks the QuantLib reference table with Gnumeric (Debian's `gnumeric`, `ssconvert`):
G-sec cases with PRICE(settlement, maturity, rate, yield, 100, 2, 4) and annual corporates with
XNPV over the QuantLib cash flows. Marks each case "crossChecked" in cases.json with the formula
used and the difference. Cases Gnumeric cannot express the same way are left unmarked: the last
coupon period (Gnumeric switches to simple interest there, bond-math.md section 6), workouts, STRIPS
and T-bills (closed forms).
Run: /usr/bin/python3 packages/pricing/reference/crosscheck.py
"""
import csv
import datetime
import json
import os
import subprocess
import tempfile

import QuantLib as ql

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "cases.json")
table = json.load(open(path))
EPOCH = datetime.date(1899, 12, 30)


def serial(iso):
    return (datetime.date.fromisoformat(iso) - EPOCH).days


def date_expr(iso):
    y, m, d = iso.split("-")
    return f"DATE({int(y)},{int(m)},{int(d)})"


def corporate_flows(case):
    """Annual coupons stepped back from maturity after settlement, plus the principal."""
    maturity = ql.Date(*reversed([int(x) for x in case["terms"]["maturityDate"].split("-")]))
    settle = datetime.date.fromisoformat(case["settlement"])
    flows = []
    k = 0
    while True:
        date = maturity - ql.Period(k, ql.Years)
        iso = f"{date.year():04d}-{date.month():02d}-{date.dayOfMonth():02d}"
        if datetime.date.fromisoformat(iso) <= settle:
            break
        amount = 100 * case["terms"]["couponRate"] + (case["terms"].get("redemption", 100) if k == 0 else 0)
        flows.append((iso, amount))
        k += 1
    return list(reversed(flows))


rows = []
for i, case in enumerate(table["cases"]):
    case.pop("crossChecked", None)
    terms = case["terms"]
    if case.get("workout") or terms["convention"] == "TBILL" or terms["couponRate"] == 0:
        continue
    if terms["convention"] == "GSEC":
        # N >= 2 coupons left (Gnumeric uses simple interest in the last period).
        months = (int(terms["maturityDate"][:4]) - int(case["settlement"][:4])) * 12 + int(
            terms["maturityDate"][5:7]) - int(case["settlement"][5:7])
        if months <= 6:
            continue
        formula = (f"=PRICE({date_expr(case['settlement'])},{date_expr(terms['maturityDate'])},"
                   f"{terms['couponRate']},{case['yield']},100,2,4)")
        rows.append((i, "clean", "PRICE basis 4", formula))
    elif terms.get("frequency") == 1:
        flows = corporate_flows(case)
        values = ";".join(["0"] + [repr(a) for _, a in flows])
        dates = ";".join([str(serial(case["settlement"]))] + [str(serial(d)) for d, _ in flows])
        formula = f"=XNPV({case['yield']},{{{values}}},{{{dates}}})"
        rows.append((i, "dirty", "XNPV", formula))

with tempfile.TemporaryDirectory() as tmp:
    source = os.path.join(tmp, "in.csv")
    result = os.path.join(tmp, "out.csv")
    with open(source, "w", newline="") as f:
        csv.writer(f).writerows([[formula] for _, _, _, formula in rows])
    subprocess.run(["ssconvert", "--recalc", source, result], check=True, capture_output=True)
    values = [float(r[0]) for r in csv.reader(open(result))]

worst = 0.0
for (i, kind, how, _), value in zip(rows, values):
    case = table["cases"][i]
    expected = case["cleanPrice"] + (case["accruedInterest"] if kind == "dirty" else 0)
    diff = abs(value - expected)
    worst = max(worst, diff)
    case["crossChecked"] = {"with": f"Gnumeric {how}", "difference": diff}

json.dump(table, open(path, "w"), indent=2)
open(path, "a").write("\n")
print(f"cross-checked {len(rows)} of {len(table['cases'])} cases with Gnumeric; largest difference {worst:.3g}")
