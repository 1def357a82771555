package opbuild

// This file ranks an entity's own fields by what they tell an agent (docs/selection.md,
// "Relevance"), so that what the fit phase trims first and what a summary picks never depend on
// the order a schema declares its fields in: Shopify's Admin API declares them alphabetically,
// and trimming from the end of that order kept a product's giftCardTemplateSuffix and lost its
// status and vendor. One score, from the field's name words, its type and its shape, puts every
// field in a tier; within a tier, a field holding more values, then one with a longer name (a
// more special one), goes first, and the name itself breaks what is left.

import (
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// Relevance tiers, least relevant first.
const (
	tierTechnical = iota // machinery for programs: URLs, IPs, templates, cursors, metadata
	tierFlag             // a yes-or-no answer
	tierText             // descriptive values: text, other dates, addresses, other objects
	tierCount            // how many: counts, quantities, inventory
	tierKeyDate          // when the record was made or last changed
	tierMoney            // other amounts: payments, refunds, discrepancies, fees
	tierTotal            // the headline amount: a total or a price (totalPriceSet, price)
	tierState            // where it stands: status, state
	tierIdentity         // which one: id and a human name
)

// tierNames name the tiers for tests and notes.
var tierNames = []string{"technical", "flag", "text", "count", "key date", "money", "total", "state", "identity"}

// technicalWords mark a value meant for a program, not a reader: an admin or API address, a
// network address, a template's name, a pager's position, metadata, a legacy or internal key.
var technicalWords = []string{"url", "urls", "uri", "link", "ip", "api", "graphql", "template", "suffix",
	"cursor", "metadata", "metafield", "metafields", "legacy", "internal", "hash", "checksum", "etag", "typename"}

// moneyWords name an amount of money in a leaf (a value object is known by its currency).
var moneyWords = []string{"price", "prices", "amount", "cost", "subtotal", "tax", "taxes", "balance",
	"discount", "fee", "fees", "refund", "refunded", "spent", "revenue", "money"}

// totalWords name the amount a reader asks for first: what it costs or comes to. An order's
// totalPriceSet goes before its refundDiscrepancySet and netPaymentSet, which adjust it.
var totalWords = []string{"total", "subtotal", "grand", "price", "prices"}

// countWords name a number of things.
var countWords = []string{"count", "total", "quantity", "qty", "inventory"}

// tier is the relevance tier of field f of type t.
func (b *Builder) tier(t *ast.Definition, f *ast.FieldDefinition) int {
	if f.Name == "id" || f.Name == "_id" {
		return tierIdentity
	}
	words := sensitive.Words(f.Name)
	n := b.named(f)
	switch {
	case anyWord(words, technicalWords):
		return tierTechnical
	case isNameLike(f.Name):
		return tierIdentity
	case isLeaf(n) && (last(words) == "status" || last(words) == "state"):
		return tierState
	case b.money(n, words) && anyWord(words, totalWords):
		return tierTotal
	case b.money(n, words):
		return tierMoney
	case isLeaf(n) && len(words) > 0 && (words[0] == "created" || words[0] == "updated"):
		return tierKeyDate
	case isLeaf(n) && (last(words) == "count" || numeric(n) && anyWord(words, countWords)):
		return tierCount
	case n != nil && n.Name == "Boolean":
		return tierFlag
	}
	return tierText
}

// money: a value object that has a currency (MoneyV2, MoneyBag, EverShop's Price), a numeric or
// custom-scalar leaf whose name says money (price, amount, cost, subtotal, tax, …), or a String
// leaf whose name ends in an amount or a currency (decimalMoney).
func (b *Builder) money(n *ast.Definition, words []string) bool {
	if n == nil {
		return false
	}
	if !isLeaf(n) {
		return b.valueObject(n) && b.hasCurrency(n, 0)
	}
	if n.Name == "String" {
		return decimalMoney(words)
	}
	builtin := n.Name == "Boolean" || n.Name == "ID" || n.Kind == ast.Enum
	return !builtin && anyWord(words, moneyWords)
}

// moneyLast are last words of a String leaf that holds an amount of money written as a decimal,
// as APIs that keep precision write them: an amount word, or the currency it is counted in.
// Codex writes every figure so (priceUsd, volumeUsd, balanceUsd, realizedProfitUsd: 150 of a
// token's stats), and ranked as text they were trimmed by name length: its top traders kept buys,
// sells and labels and lost every dollar. A word anywhere would take codes and names for money
// (discountCode, taxId, priceListName), so only the last word counts.
var moneyLast = []string{"price", "amount", "cost", "subtotal", "balance", "fee", "fees", "revenue",
	"usd", "eur", "gbp", "jpy", "cny", "chf", "cad", "aud"}

// decimalMoney: a String leaf's name words end in an amount of money or a currency.
func decimalMoney(words []string) bool {
	return slices.Contains(moneyLast, last(words))
}

// hasCurrency: t or a value object inside it has a leaf named for a currency.
func (b *Builder) hasCurrency(t *ast.Definition, depth int) bool {
	if t == nil || depth > maxValueDepth {
		return false
	}
	for _, f := range t.Fields {
		n := b.named(f)
		if isLeaf(n) && slices.Contains(sensitive.Words(f.Name), "currency") {
			return true
		}
		if n != nil && !isLeaf(n) && n != t && b.hasCurrency(n, depth+1) {
			return true
		}
	}
	for _, m := range t.Types { // a union of value objects: SinglePrice | PriceRange
		if b.hasCurrency(b.schema.Types[m], depth+1) {
			return true
		}
	}
	return false
}

// numeric: a built-in number or a custom scalar (Long, UnsignedInt64, BigInt).
func numeric(n *ast.Definition) bool {
	return n != nil && n.Kind == ast.Scalar && n.Name != "Boolean" && n.Name != "String" && n.Name != "ID"
}

func anyWord(words, set []string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(set, w) })
}

func last(words []string) string {
	if len(words) == 0 {
		return ""
	}
	return words[len(words)-1]
}

// lessRelevant orders two fields of one type, the less relevant first: the lower tier, then the
// one holding more values (its weight: a list or a JSON value), then the more specific name
// (specificity), then the name. Nothing here reads declaration order.
func lessRelevant(aTier, aWeight int, aName string, bTier, bWeight int, bName string) int {
	switch {
	case aTier != bTier:
		return aTier - bTier
	case aWeight != bWeight:
		return bWeight - aWeight
	}
	if la, lb := specificity(aName), specificity(bName); la != lb {
		return lb - la
	}
	return strings.Compare(bName, aName)
}

// specificity is how many words of name qualify what it holds: its words, less those that name
// the headline amount (totalWords), so an order's totalPriceSet goes before its
// totalCapturableSet and currentTotalPriceSet, though all three are totals of three or four words.
func specificity(name string) int {
	words := sensitive.Words(name)
	n := len(words)
	for _, w := range words {
		if slices.Contains(totalWords, w) {
			n--
		}
	}
	return n
}

// ranked returns fs, fields of t, most relevant first.
func (b *Builder) ranked(t *ast.Definition, fs []*ast.FieldDefinition) []*ast.FieldDefinition {
	out := slices.Clone(fs)
	slices.SortStableFunc(out, func(x, y *ast.FieldDefinition) int {
		return lessRelevant(b.tier(t, y), 0, y.Name, b.tier(t, x), 0, x.Name)
	})
	return out
}

// Relevance is the tier of field f of type t (higher is more relevant) and its name, for the
// tests and measures that check the fit phase against this order.
func (b *Builder) Relevance(t *ast.Definition, f *ast.FieldDefinition) (int, string) {
	n := b.tier(t, f)
	return n, tierNames[n]
}

// InSummary reports whether f is one of the fields that name an entity of type t (its id, a
// name, a url, or what stands in for a missing name) or its naming reference, which the fit
// never removes from a root list's items: a measure of the fit against Relevance reads them as
// identity.
func (b *Builder) InSummary(t *ast.Definition, f *ast.FieldDefinition) bool {
	return slices.ContainsFunc(b.summary(t), func(s *ast.FieldDefinition) bool { return s.Name == f.Name }) ||
		b.namerField(t, nil, true) == f
}

// Schema is the schema the Builder builds for.
func (b *Builder) Schema() *ast.Schema { return b.schema }
