package sensitive

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
