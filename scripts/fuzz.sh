#!/usr/bin/env bash
# Fuzzes the toolkit's readers with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh TARGET SECONDS     TARGET: csv ofx-sgml ofx-xml qif sniffer rules, or all
#   scripts/fuzz.sh list               the targets
#   scripts/fuzz.sh large TARGET DIR   writes the target's large inputs into DIR (to look at them)
#
# For each target: builds Sources/Fuzz<Target> with -sanitize=fuzzer,address into .build/fuzz
# (apart from the ordinary build), runs every kept input (Tests/Fuzz/<target>/regressions) and
# every large generated input (> 1 MB: a header and 1M junk lines, 100k records, a 2 MB line,
# deep nesting) once with a per-input timeout, then fuzzes for SECONDS from
# Tests/Fuzz/<target>/seeds and the working corpus in .build/fuzz/corpus/<target>. A crash, a timeout (hang) or running out of memory is a finding:
# libFuzzer saves the input in Tests/Fuzz/<target>/findings/ and the script exits 1.
# Keep a finding as Tests/Fuzz/<target>/regressions/<what-it-is> (see Tests/Fuzz/FINDINGS.md).
#
# Environment: FUZZ_TIMEOUT (seconds an input may take while fuzzing, default 10),
# FUZZ_LARGE_TIMEOUT (seconds for one large input, default 60), FUZZ_RSS_MB (default 2048),
# FUZZ_MAX_LEN (bytes of a mutated input, default 65536), FUZZ_SKIP_LARGE=1, FUZZ_ARGS (more
# libFuzzer flags). Logs: .build/fuzz/logs/<target>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"

TARGETS=(csv ofx-sgml ofx-xml qif sniffer rules)
SCRATCH=.build/fuzz
TIMEOUT=${FUZZ_TIMEOUT:-10}
LARGE_TIMEOUT=${FUZZ_LARGE_TIMEOUT:-60}
RSS_MB=${FUZZ_RSS_MB:-2048}
MAX_LEN=${FUZZ_MAX_LEN:-65536}

usage() { echo "usage: scripts/fuzz.sh TARGET|all SECONDS   (targets: ${TARGETS[*]})" >&2; exit 2; }

product() {
  case "$1" in
    csv) echo FuzzCSV ;; ofx-sgml) echo FuzzOFXSGML ;; ofx-xml) echo FuzzOFXXML ;;
    qif) echo FuzzQIF ;; sniffer) echo FuzzSniffer ;; rules) echo FuzzRules ;;
    *) return 1 ;;
  esac
}

build() {
  swift build -c debug --scratch-path "$SCRATCH" --product "$1" \
    --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DMYMONEY_FUZZ
}

# Large inputs, written at run time (megabytes each, not committed). Every file is over 1 MB: the
# quadratic CSV trailer (a header and 1M ",," lines) ran in a blink at 128 KiB.
lines() { awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) print s }'; }
repeat() { awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }
SGML_HEAD=$'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n'
XML_HEAD='<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>'
STMT_OPEN='<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>'
STMT_CLOSE='</BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20261031</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>'
XSTMT_OPEN='<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>2</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>'
XSTMT_CLOSE='</BANKTRANLIST><LEDGERBAL><BALAMT>1.00</BALAMT><DTASOF>20261031</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>'

generate() {
  local target=$1 dir=$2
  mkdir -p "$dir"
  case "$target" in
    csv)
      { echo "Date,Payee,Amount"; echo "2026-10-01,Coffee,-1.00"; lines 1000000 ",,"; } >"$dir/header-then-1M-empty-trailer-lines.csv"
      { echo "Datum;Verwendungszweck;Betrag;Saldo"; lines 100000 "Summe der Umsätze;;;"; } >"$dir/header-then-100k-text-trailer-lines.csv"
      { echo "Date,Payee,Amount,Balance"; awk 'BEGIN { for (i = 0; i < 40000; i++) printf "2026-%02d-%02d,Shop %d,-%d.%02d,%d.00\n", i % 12 + 1, i % 28 + 1, i, i % 100, i % 100, 100000 - i }'; } >"$dir/40k-rows.csv"
      { echo "Date,Payee,Amount"; printf '2026-10-01,"'; repeat 2100000 a; printf '",1.00\n'; } >"$dir/2MB-quoted-field.csv"
      { echo "Date,Payee,Amount"; printf '2026-10-01,"'; repeat 1100000 'x\n'; } >"$dir/unclosed-quote-2MB.csv"
      repeat 2100000 ';' >"$dir/2MB-of-separators-one-line.csv"
      { repeat 100000 'Date,'; echo; lines 20 "2026-10-01,1"; } >"$dir/100k-columns-header.csv" ;;
    ofx-sgml)
      { printf '%s%s' "$SGML_HEAD" "$STMT_OPEN"; repeat 30000 '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261001<TRNAMT>-1.00<FITID>1<NAME>Shop'$'\r\n'; printf '%s' "$STMT_CLOSE"; } >"$dir/30k-unclosed-transactions.qfx"
      { printf '%s%s' "$SGML_HEAD" "$STMT_OPEN"; repeat 2000 '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261001<TRNAMT>-1.00<FITID>1<NAME>Shop</STMTTRN>'$'\n'; printf '%s\n' "$STMT_CLOSE"; lines 100000 "junk after the statement"; } >"$dir/statement-then-100k-trailer-lines.ofx"
      { printf '%s<OFX>' "$SGML_HEAD"; repeat 200000 '<AGG>'; printf '<LEAF>x'; repeat 200000 '</AGG>'; printf '</OFX>'; } >"$dir/200k-nested-aggregates.ofx"
      { printf '%s%s<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261001<TRNAMT>-1.00<FITID>1<MEMO>' "$SGML_HEAD" "$STMT_OPEN"; repeat 2100000 m; printf '</STMTTRN>%s' "$STMT_CLOSE"; } >"$dir/2MB-leaf-value.ofx"
      { printf '%s' "$SGML_HEAD"; repeat 60000 '<OFX><STMTRS><BANKTRANLIST>'; } >"$dir/60k-unclosed-statements.ofx"
      { printf '%s%s' "$SGML_HEAD" "$STMT_OPEN"; repeat 60000 '</STMTTRN></BANKTRANLIST>'; printf '%s' "$STMT_CLOSE"; } >"$dir/60k-stray-closers.ofx" ;;
    ofx-xml)
      { printf '%s%s' "$XML_HEAD" "$XSTMT_OPEN"; repeat 20000 '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261001</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>1</FITID><NAME>Shop</NAME></STMTTRN>'$'\n'; printf '%s' "$XSTMT_CLOSE"; } >"$dir/20k-transactions.ofx"
      { printf '%s%s' "$XML_HEAD" "$XSTMT_OPEN"; repeat 2000 '<STMTTRN><TRNAMT>-1.00</TRNAMT></STMTTRN>'; printf '%s\n' "$XSTMT_CLOSE"; lines 100000 "junk after the document"; } >"$dir/document-then-100k-trailer-lines.ofx"
      { printf '%s<OFX>' "$XML_HEAD"; repeat 100000 '<A>'; repeat 100000 '</A>'; printf '</OFX>'; } >"$dir/100k-nested-elements.ofx"
      { printf '%s%s<STMTTRN><TRNAMT>-1.00</TRNAMT><MEMO>' "$XML_HEAD" "$XSTMT_OPEN"; repeat 2100000 m; printf '</MEMO></STMTTRN>%s' "$XSTMT_CLOSE"; } >"$dir/2MB-text-node.ofx"
      { printf '%s%s<STMTTRN><TRNAMT>-1.00</TRNAMT><MEMO>' "$XML_HEAD" "$XSTMT_OPEN"; repeat 300000 '&amp;&#38;'; printf '</MEMO></STMTTRN>%s' "$XSTMT_CLOSE"; } >"$dir/600k-character-references.ofx"
      { printf '%s%s' "$XML_HEAD" "$XSTMT_OPEN"; repeat 12000 '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261001</DTPOSTED><TRNAMT>-1.00</TRNAMT><!-- c --><FITID>1</FITID><?pi x?><NAME><![CDATA[a&b]]></NAME></STMTTRN>'; printf '%s' "$XSTMT_CLOSE"; } >"$dir/12k-comments-cdata-pis.ofx" ;;
    qif)
      { echo "!Type:Bank"; awk 'BEGIN { for (i = 0; i < 40000; i++) printf "D%d/%d/26\nT-%d.%02d\nPShop %d\nMmemo %d\n^\n", i % 12 + 1, i % 28 + 1, i % 100, i % 100, i, i }'; } >"$dir/40k-transactions.qif"
      { echo "!Type:Bank"; echo "D10/1/26"; echo "T-100000.00"; echo "PSplit"; lines 100000 $'SFood\n$-1.00\nEsplit memo'; echo "^"; } >"$dir/one-transaction-100k-splits.qif"
      { echo "!Type:Bank"; lines 200000 "PNo end of record"; } >"$dir/200k-lines-no-record-end.qif"
      { echo "!Type:Bank"; printf 'D10/1/26\nT-1.00\nP'; repeat 2100000 p; printf '\n^\n'; } >"$dir/2MB-payee-line.qif"
      awk 'BEGIN { for (i = 0; i < 50000; i++) printf "!Account\nNAccount %d\nTBank\n^\n!Type:Bank\nD10/1/26\nT-1.00\n^\n", i }' >"$dir/50k-accounts.qif"
      { echo "!Type:Cat"; awk 'BEGIN { s = "A"; for (i = 0; i < 30000; i++) { printf "N%s\nE\n^\n", s; if (i % 100 == 0) s = "A"; else s = s ":B" } }'; } >"$dir/30k-deep-categories.qif"
      { echo "!Type:Invst"; awk 'BEGIN { for (i = 0; i < 30000; i++) printf "D10/1/26\nNBuyX\nYSecurity %d\nI1.5\nQ%d\nT-%d.50\nL[Cash]\n$-1.00\n^\n", i, i, i }'; } >"$dir/30k-investment-records.qif" ;;
    sniffer)
      repeat 2100000 ',' >"$dir/2MB-of-commas"
      repeat 2100000 x >"$dir/2MB-one-word"
      { printf 'OFXHEADER:100\n'; repeat 2100000 ' '; } >"$dir/ofx-header-then-2MB-spaces"
      lines 1100000 "" >"$dir/1M-empty-lines"
      { printf '\xef\xbb\xbf'; repeat 1100000 '\r\n'; } >"$dir/bom-then-1M-crlf"
      { echo "!Type:Bank"; repeat 2100000 '^'; } >"$dir/qif-header-then-2MB-carets" ;;
    rules)
      { printf 'rule "deep parentheses"\n  when '; repeat 100000 '('; printf 'payee contains "a"'; repeat 100000 ')'; printf '\n  add tag t\n'; } >"$dir/100k-nested-parentheses.rules"
      { printf 'rule "many nots"\n  when '; repeat 200000 'not '; printf 'payee contains "a"\n  add tag t\n'; } >"$dir/200k-nots.rules"
      { printf 'rule "wide or"\n  when payee contains "x0"'; awk 'BEGIN { for (i = 1; i < 100000; i++) printf " or payee contains \"x%d\"", i }'; printf '\n  add tag t\n'; } >"$dir/100k-alternatives-one-line.rules"
      { printf 'rule "or lines"\n  when payee contains "x"\n'; lines 100000 '  or payee equals "y"'; echo "  add tag t"; } >"$dir/100k-or-lines.rules"
      awk 'BEGIN { for (i = 0; i < 10000; i++) printf "rule \"R%d\"\n  when payee contains \"shop %d\" or memo matches /ref-%d$/\n  set category C%d:Sub\n  add tag t%d\n\n", i, i, i, i % 50, i % 7 }' >"$dir/10k-rules.rules"
      { printf 'rule "huge in"\n  when payee in ('; awk 'BEGIN { for (i = 0; i < 110000; i++) printf "\"p%d\", ", i }'; printf '"last")\n  add tag t\n'; } >"$dir/110k-values-in-list.rules"
      { printf 'rule "long regex"\n  when payee matches /'; repeat 300000 'a?'; printf '/\n  add tag t\n'; } >"$dir/300k-optional-atoms-regex.rules"
      { printf 'rule "'; repeat 2100000 n; printf '"\n  add tag t\n'; } >"$dir/2MB-rule-name.rules" ;;
  esac
}

summary() {
  # The last status line of libFuzzer (#runs, cov, ft) and its final stats.
  local log=$1
  local last
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  local rate
  rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' || true)
  echo "  ${last:-no status line}; ${rate:-?} runs/s"
}

run_target() {
  local target=$1 seconds=$2
  local product; product=$(product "$target") || usage
  local bin="$SCRATCH/debug/$product"
  local dir="Tests/Fuzz/$target"
  local findings="$dir/findings" corpus="$SCRATCH/corpus/$target" large="$SCRATCH/large/$target"
  local logdir="$SCRATCH/logs"
  mkdir -p "$findings" "$corpus" "$logdir"
  export SWIFT_BACKTRACE=enable=no            # else Swift's crash handler exits before libFuzzer saves the input
  # No allocation stacks in reports (a third of the run time went to recording them); override with ASAN_OPTIONS.
  export ASAN_OPTIONS="detect_leaks=0:malloc_context_size=0:${ASAN_OPTIONS:-}"
  local status=0

  echo "== $target: build ($product, fuzzer+address)"
  local started=$SECONDS
  build "$product"
  echo "  built in $((SECONDS - started)) s"

  local checked=()
  [ -d "$dir/regressions" ] && checked+=("$dir/regressions"/*)
  if [ "${FUZZ_SKIP_LARGE:-0}" != 1 ]; then
    rm -rf "$large"   # under .build/fuzz: only this script's own files
    generate "$target" "$large"
    checked+=("$large"/*)
  fi
  if [ "${#checked[@]}" -gt 0 ]; then
    echo "== $target: kept and large inputs, once each (timeout ${LARGE_TIMEOUT} s each)"
    for file in "${checked[@]}"; do
      local size; size=$(stat -c %s "$file")
      local t0=$SECONDS
      if "$bin" -timeout="$LARGE_TIMEOUT" -rss_limit_mb="$RSS_MB" -detect_leaks=0 \
           -artifact_prefix="$findings/large-$(basename "$file")-" "$file" >"$logdir/$target-large.log" 2>&1; then
        echo "  ok   $(basename "$file") ($size bytes, $((SECONDS - t0)) s)"
      else
        status=1
        echo "  FAIL $(basename "$file") ($size bytes, $((SECONDS - t0)) s): see $logdir/$target-large.log"
        grep -E 'ERROR|Fatal error|Timeout|out-of-memory|SUMMARY' "$logdir/$target-large.log" | head -5 | sed 's/^/       /'
        cp "$logdir/$target-large.log" "$logdir/$target-large-$(basename "$file").log"
      fi
    done
  fi

  echo "== $target: fuzz $seconds s (timeout $TIMEOUT s, rss $RSS_MB MB, max_len $MAX_LEN)"
  # Kept inputs are checked above, not mutated: some are slow by nature (thousands of warnings).
  local corpora=("$corpus" "$dir/seeds")
  local before; before=$(find "$findings" -type f | wc -l)
  # shellcheck disable=SC2086
  if ! "$bin" -max_total_time="$seconds" -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" -max_len="$MAX_LEN" \
       -dict="$dir/$target.dict" -artifact_prefix="$findings/" -detect_leaks=0 -print_final_stats=1 \
       ${FUZZ_ARGS:-} "${corpora[@]}" >"$logdir/$target.log" 2>&1; then
    status=1
    echo "  FINDING: see $logdir/$target.log"
    grep -E 'ERROR|Fatal error|Timeout|out-of-memory|SUMMARY|Test unit written' "$logdir/$target.log" | head -8 | sed 's/^/    /'
  fi
  summary "$logdir/$target.log"
  local after; after=$(find "$findings" -type f | wc -l)
  [ "$after" -gt "$before" ] && { status=1; echo "  new files in $findings: $((after - before))"; }
  return $status
}

[ $# -ge 1 ] || usage
if [ "$1" = list ]; then printf '%s\n' "${TARGETS[@]}"; exit 0; fi
if [ "$1" = large ]; then
  [ $# -eq 3 ] && product "$2" >/dev/null || usage
  generate "$2" "$3"; ls -l "$3"; exit 0
fi
[ $# -eq 2 ] || usage
[[ "$2" =~ ^[0-9]+$ ]] || usage
if [ "$1" = all ]; then selected=("${TARGETS[@]}"); else product "$1" >/dev/null || usage; selected=("$1"); fi

failed=()
for target in "${selected[@]}"; do
  run_target "$target" "$2" || failed+=("$target")
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]} (inputs in Tests/Fuzz/<target>/findings/)" >&2
  exit 1
fi
echo "fuzz: no findings in ${selected[*]}"
