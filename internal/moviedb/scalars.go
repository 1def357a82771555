package moviedb

// This file implements the schema's custom scalars for graphql-go: DateTime (an ISO-8601 instant
// with offset, as graphql-java-extended-scalars renders OffsetDateTime) and CountryCode (ISO
// 3166-1 alpha-2).

import (
	"encoding/json"
	"fmt"
	"time"
)

// dateTime is the DateTime scalar.
type dateTime struct{ time.Time }

// ImplementsGraphQLType binds dateTime to the schema's DateTime.
func (dateTime) ImplementsGraphQLType(name string) bool { return name == "DateTime" }

// UnmarshalGraphQL reads an RFC 3339 string.
func (d *dateTime) UnmarshalGraphQL(input any) error {
	s, ok := input.(string)
	if !ok {
		return fmt.Errorf("DateTime must be an RFC 3339 string, got %T", input)
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return fmt.Errorf("DateTime must be an RFC 3339 string: %w", err)
	}
	d.Time = t
	return nil
}

// MarshalJSON writes RFC 3339 with fractional seconds and an offset.
func (d dateTime) MarshalJSON() ([]byte, error) {
	return json.Marshal(d.Format(time.RFC3339Nano))
}

// countryCode is the CountryCode scalar.
type countryCode string

// ImplementsGraphQLType binds countryCode to the schema's CountryCode.
func (countryCode) ImplementsGraphQLType(name string) bool { return name == "CountryCode" }

// UnmarshalGraphQL accepts two ASCII letters and stores them upper-case.
func (c *countryCode) UnmarshalGraphQL(input any) error {
	s, ok := input.(string)
	if !ok || len(s) != 2 || !isLetter(s[0]) || !isLetter(s[1]) {
		return fmt.Errorf("CountryCode must be an ISO 3166-1 alpha-2 code such as \"CZ\", got %v", input)
	}
	*c = countryCode([]byte{upper(s[0]), upper(s[1])})
	return nil
}

// MarshalJSON writes the code as a string.
func (c countryCode) MarshalJSON() ([]byte, error) { return json.Marshal(string(c)) }

func isLetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}
