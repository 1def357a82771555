package sensitive

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// personalLast are last words that make a returned field personal data about someone: contact
// details, government ids, birth dates, precise location.
var personalLast = map[string]bool{
	"email": true, "emails": true, "phone": true, "ssn": true, "birthday": true, "birthdate": true,
	"dob": true, "passport": true, "iban": true, "address": true, "addresses": true,
}

// personalPairs are two-word endings that read as personal data.
var personalPairs = map[[2]string]bool{
	{"phone", "number"}: true, {"birth", "date"}: true, {"date", "birth"}: true, {"tax", "id"}: true,
	{"home", "address"}: true, {"street", "address"}: true, {"ip", "address"}: true,
	{"social", "security"}: true, {"national", "id"}: true, {"postal", "code"}: true,
}

// notPersonalFirst are first words that make an address-like name something else: a web,
// e-mail-server or wallet address is not where a person lives.
var notPersonalFirst = map[string]bool{"web": true, "url": true, "wallet": true, "contract": true, "mac": true}

// Personal reports whether a returned field's name reads as personal data (PII) about a person:
// "email", "phoneNumber", "dateOfBirth", "homeAddress", "ssn". A reviewer should see such a field
// added to what a tool returns, because the model then holds it.
func Personal(name string) bool {
	ws := Words(name)
	if len(ws) == 0 {
		return false
	}
	last := ws[len(ws)-1]
	if len(ws) >= 2 && personalPairs[[2]string{ws[len(ws)-2], last}] {
		return true
	}
	if len(ws) >= 3 && ws[len(ws)-3] == "date" && ws[len(ws)-2] == "of" && last == "birth" {
		return true
	}
	if !personalLast[last] {
		return false
	}
	return len(ws) < 2 || !notPersonalFirst[ws[len(ws)-2]]
}

// personAddressFirst are words before "address" that make a scalar address a person's: where
// they are reached (an email or IP address) or live, or a postal address written out as text.
var personAddressFirst = map[string]bool{
	"email": true, "mail": true, "ip": true, "remote": true, "home": true, "street": true, "postal": true,
	"mailing": true, "shipping": true, "billing": true, "delivery": true, "residential": true,
	"physical": true, "formatted": true,
}

// personParent are words of a declaring type's name that make its bare scalar "address" a
// person's: EmailRecord.address and UserEmail.address are email addresses.
var personParent = map[string]bool{
	"email": true, "emails": true, "mail": true, "user": true, "customer": true, "person": true,
	"profile": true, "contact": true, "member": true, "employee": true, "staff": true,
}

// postalParts are the fields (lower case, without underscores) that make an object a postal
// address: a field of that type named for an address is where someone lives or receives goods.
var postalParts = map[string]bool{
	"city": true, "zip": true, "zipcode": true, "postalcode": true, "postcode": true, "province": true,
	"street": true, "streetline1": true, "address1": true, "addressline": true, "addressline1": true,
	"line1": true, "country": true, "countrycode": true,
}

// PersonalIn reports whether field f of the object or interface parent holds personal data, with
// the schema at hand: Personal reads its name, and then a Boolean is a question about such data
// (Customer.verifiedEmail, Order.billingAddressMatchesShippingAddress), not the data; and a
// name ending in address(es) is a person's only on evidence, because on a blockchain an address
// is the public key of a token, a pool or an object (Codex's tokenAddress: String, Sui's
// Object.address: SuiAddress). Of an object type, it is a postal address when that type has a
// postal part (a city, a country, a zip, a street); of a scalar, when the word before it says
// whose (emailAddress, ipAddress, shippingAddress, formattedAddress) or, bare, when the
// declaring type's name does (UserEmail.address); never of a custom scalar named for an address.
func PersonalIn(s *ast.Schema, parent *ast.Definition, f *ast.FieldDefinition) bool {
	if !Personal(f.Name) || f.Type.Name() == "Boolean" {
		return false
	}
	ws := Words(f.Name)
	last := ws[len(ws)-1]
	if last != "address" && last != "addresses" {
		return true
	}
	if len(ws) >= 2 && (ws[len(ws)-2] == "home" || ws[len(ws)-2] == "street" || ws[len(ws)-2] == "ip") {
		return true // the pairs Personal names whatever the type
	}
	t := s.Types[f.Type.Name()]
	switch {
	case t == nil:
		return true
	case t.Kind == ast.Object || t.Kind == ast.Interface:
		return postal(t)
	case t.Kind != ast.Scalar:
		return t.Kind == ast.Union
	case !t.BuiltIn && strings.HasSuffix(t.Name, "Address"):
		return false // SuiAddress, EvmAddress, Solana's Address
	case len(ws) >= 2:
		return personAddressFirst[ws[len(ws)-2]]
	}
	for _, w := range Words(parent.Name) {
		if personParent[w] {
			return true
		}
	}
	return false
}

// postal reports whether t has a field that only a postal address has.
func postal(t *ast.Definition) bool {
	for _, f := range t.Fields {
		if postalParts[strings.ToLower(strings.ReplaceAll(f.Name, "_", ""))] {
			return true
		}
	}
	return false
}
