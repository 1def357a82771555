// Package toolsearch ranks a role's tools for a request in words, so an agent offered hundreds
// of tools can find the few it needs without every definition in its context (the search_tools
// meta-tool of mcpserve and the agent loop). The ranking is BM25F: BM25 over one document per
// tool made of weighted fields, the name above the argument and result words the catalog
// carries (catalog.Keywords, computed at build time) above the description. New does all the
// work once per role; Search only looks the query's terms up and adds precomputed weights.
// Standard library only: it runs where the runtime runs.
package toolsearch

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
)

// Doc is one tool as the index reads it.
type Doc struct {
	Name        string
	Description string
	Args        []string // catalog.Keywords.Args
	Returns     []string // catalog.Keywords.Returns
	// InputSchema is the tool's input schema; the descriptions of its properties are a field
	// of their own ("The id of the Issue or Pull Request to add").
	InputSchema json.RawMessage
}

// Hit is one ranked tool: its position in the docs given to New, and its score.
type Hit struct {
	Doc   int
	Score float64
}

// field is one part of a tool's document, with its BM25F weight and length normalisation.
type field struct {
	weight float64 // how much a match here counts: a name says what a tool does, a description may mention anything
	b      float64 // how much a long field is discounted
}

// The fields in the order fieldText returns them.
var fields = [...]field{
	{weight: 3.0, b: 0.3},  // name
	{weight: 1.5, b: 0.5},  // argument words
	{weight: 1.5, b: 0.3},  // result type words
	{weight: 1.0, b: 0.75}, // description
	{weight: 0.5, b: 0.75}, // the arguments' descriptions
}

// nameField is the index of the name in fields.
const nameField = 0

// compoundWeight is how much a compound (see compounds) counts against a word.
const compoundWeight = 0.5

// surfaceWeight is how much a name word the query writes the same way (see surface) counts
// on top of its stem: enough to put "movie 603" on movie before movies, too little to
// outweigh a second word (0.1–0.35 measure alike on the recall tasks; 1 loses GitHub's).
const surfaceWeight = 0.25

// k1 is BM25's term-frequency saturation: a second mention of a word adds less than the first.
const k1 = 1.2

// fieldText is the text of each field.
func fieldText(d Doc) [len(fields)]string {
	return [len(fields)]string{d.Name, strings.Join(d.Args, " "), strings.Join(d.Returns, " "),
		d.Description, strings.Join(schemaDescriptions(d.InputSchema, nil), " ")}
}

// schemaDescriptions collects the "description" strings of a JSON Schema at any depth. A
// schema that does not parse has none: the runtime refused it long before.
func schemaDescriptions(raw json.RawMessage, out []string) []string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return out
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if d, ok := v["description"].(string); ok {
				out = append(out, d)
			}
			for _, k := range slices.Sorted(mapsKeys(v)) {
				walk(v[k])
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

func mapsKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// posting is one tool's precomputed score for one term.
type posting struct {
	doc   int32
	score float32
}

// Index is the ranking of one set of tools; safe for concurrent Search.
type Index struct {
	n        int
	postings map[string][]posting
}

// New indexes docs: every term's BM25F score in every tool that has it, so a search is a
// sum of lookups.
func New(docs []Doc) *Index {
	var lens [len(fields)]float64
	texts := make([][len(fields)][]string, len(docs))
	joined := make([][len(fields)][]string, len(docs))
	written := make([][]string, len(docs)) // the name's words as written
	for i, d := range docs {
		written[i] = surface(d.Name)
		for f, text := range fieldText(d) {
			texts[i][f], joined[i][f] = terms(text), compounds(text)
			lens[f] += float64(len(texts[i][f]))
		}
	}
	var avg [len(fields)]float64
	for f := range avg {
		avg[f] = max(lens[f]/float64(max(len(docs), 1)), 1)
	}
	// Postings hold each term's weighted, length-normalised frequency per tool (BM25F's
	// pseudo-frequency) until every tool is read; tools are read in order, so each term's
	// postings come out sorted by tool.
	ix := &Index{n: len(docs), postings: map[string][]posting{}}
	tf := map[string]float64{}
	for i, fs := range texts {
		clear(tf)
		for f, ts := range fs {
			w := fields[f].weight / (1 - fields[f].b + fields[f].b*float64(len(ts))/avg[f])
			for _, t := range ts {
				tf[t] += w
			}
			for _, t := range joined[i][f] {
				tf[t] += compoundWeight * w
			}
			if f == nameField {
				for _, t := range written[i] {
					tf[t] += surfaceWeight * w
				}
			}
		}
		for t, f := range tf {
			ix.postings[t] = append(ix.postings[t], posting{doc: int32(i), score: float32(f)})
		}
	}
	for _, ps := range ix.postings {
		df := float64(len(ps))
		idf := math.Log(1 + (float64(len(docs))-df+0.5)/(df+0.5))
		for j := range ps {
			f := float64(ps[j].score)
			ps[j].score = float32(idf * f * (k1 + 1) / (f + k1))
		}
	}
	return ix
}

// Len is the number of tools indexed.
func (ix *Index) Len() int { return ix.n }

// Search returns at most k tools for query, best first; ties keep the docs' order. A query
// with no known term finds nothing.
func (ix *Index) Search(query string, k int) []Hit {
	if k <= 0 || ix.n == 0 {
		return nil
	}
	scores := make([]float32, ix.n)
	for _, q := range queryTerms(query) {
		for _, p := range ix.postings[q.term] {
			scores[p.doc] += q.weight * p.score
		}
	}
	var hits []Hit
	for d, s := range scores {
		if s > 0 {
			hits = append(hits, Hit{Doc: d, Score: float64(s)})
		}
	}
	slices.SortStableFunc(hits, func(a, b Hit) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return a.Doc - b.Doc
	})
	return hits[:min(k, len(hits))]
}

type queryTerm struct {
	term   string
	weight float32
}

// queryTerms weighs the query's terms: 1 for each term written (however often), relatedWeight
// for a related term the query did not write itself; in the order written, so the sums, and
// so the ties, come out the same every time.
func queryTerms(query string) []queryTerm {
	seen := map[string]bool{}
	var out []queryTerm
	add := func(t string, w float32) {
		if !seen[t] {
			seen[t] = true
			out = append(out, queryTerm{t, w})
		}
	}
	ts := terms(query)
	for _, t := range ts {
		add(t, 1)
	}
	for _, t := range compounds(query) {
		add(t, compoundWeight)
	}
	for _, t := range surface(query) {
		add(t, 1)
	}
	for _, t := range ts {
		for _, r := range relatedStems[t] {
			add(r, relatedWeight)
		}
	}
	return out
}

// relatedStems is related with every word stemmed as the index stems it.
var relatedStems = func() map[string][]string {
	m := map[string][]string{}
	for k, vs := range related {
		for _, v := range vs {
			m[stem(k)] = append(m[stem(k)], stem(v))
		}
	}
	return m
}()
