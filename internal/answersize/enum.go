package answersize

// This file reads the page sizes APIs spell as enum values: Aave's PageSize { TEN FIFTY }, or
// PAGE_SIZE_25 and _100 elsewhere.

import (
	"regexp"
	"strconv"
	"strings"
)

var digits = regexp.MustCompile(`[0-9]+`)

// numberWords are the English words an enum value spells a number with.
var numberWords = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
	"forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

// enumNumber is the number an enum value names (FIFTY 50, TWENTY_FIVE 25, ONE_HUNDRED 100,
// PAGE_SIZE_25 25), or 0 when it names none. Digits win over words; other words are ignored.
func enumNumber(name string) int {
	if d := digits.FindAllString(name, -1); len(d) > 0 {
		n, _ := strconv.Atoi(d[len(d)-1])
		return n
	}
	total, cur, found := 0, 0, false
	for _, w := range strings.Split(strings.ToLower(name), "_") {
		switch n, ok := numberWords[w]; {
		case ok:
			cur, found = cur+n, true
		case w == "hundred":
			cur, found = max(cur, 1)*100, true
		case w == "thousand":
			total, cur, found = total+max(cur, 1)*1000, 0, true
		}
	}
	if !found {
		return 0
	}
	return total + cur
}
