package moviedb

// This file is the TV show table of SEEDDATA.md (ids 1–3 with the original's numbers and episode
// counts). The seeded episodes are the first ones in broadcast order: each season is one string of
// "|"-separated titles; runtime and air year are per season.

// showRow is one TV show of the seed.
type showRow struct {
	title    string
	genre    string
	rating   float64
	start    int32
	end      int32
	seasons  int32
	tmdbID   int32
	creators string
	cast     string
	plot     string
	episodes []seasonRow
}

// seasonRow is the seeded episodes of one season.
type seasonRow struct {
	number  int32
	airYear int32
	runtime int32
	titles  string
}

var showRows = []showRow{
	{"Friends", "COMEDY", 8.9, 1994, 2004, 10, 1668, "David Crane; Marta Kauffman",
		"Jennifer Aniston=Rachel Green; Courteney Cox=Monica Geller; Lisa Kudrow=Phoebe Buffay; Matt LeBlanc=Joey Tribbiani; Matthew Perry=Chandler Bing; David Schwimmer=Ross Geller",
		"Six friends in their twenties share apartments, jobs and heartbreaks in Manhattan.",
		[]seasonRow{{1, 1994, 22, "The One Where Monica Gets a Roommate|The One with the Sonogram at the End|" +
			"The One with the Thumb|The One with George Stephanopoulos|The One with the East German Laundry Detergent|" +
			"The One with the Butt|The One with the Blackout|The One Where Nana Dies Twice|The One Where Underdog Gets Away|" +
			"The One with the Monkey|The One with Mrs. Bing|The One with the Dozen Lasagnas|The One with the Boobies|" +
			"The One with the Candy Hearts|The One with the Stoned Guy|The One with Two Parts: Part 1|" +
			"The One with Two Parts: Part 2|The One with All the Poker|The One Where the Monkey Gets Away|" +
			"The One with the Evil Orthodontist|The One with the Fake Monica|The One with the Ick Factor"}}},
	{"Seinfeld", "COMEDY", 8.8, 1989, 1998, 9, 1400, "Larry David; Jerry Seinfeld",
		"Jerry Seinfeld=Jerry Seinfeld; Julia Louis-Dreyfus=Elaine Benes; Jason Alexander=George Costanza; Michael Richards=Cosmo Kramer",
		"A stand-up comedian and his neurotic friends navigate the trivia of life in New York.",
		[]seasonRow{
			{1, 1989, 23, "The Seinfeld Chronicles|The Stake Out|The Robbery|Male Unbonding|The Stock Tip"},
			{2, 1991, 23, "The Ex-Girlfriend|The Pony Remark|The Jacket|The Phone Message|The Apartment|The Statue|" +
				"The Revenge|The Heart Attack|The Deal|The Baby Shower|The Chinese Restaurant|The Busboy"}}},
	{"Game of Thrones", "FANTASY", 9.2, 2011, 2019, 8, 1399, "David Benioff; D.B. Weiss",
		"Emilia Clarke=Daenerys Targaryen; Kit Harington=Jon Snow; Peter Dinklage=Tyrion Lannister; Lena Headey=Cersei Lannister; Sean Bean=Eddard Stark",
		"Noble families fight for the Iron Throne while an ancient threat gathers beyond the Wall.",
		[]seasonRow{
			{1, 2011, 57, "Winter Is Coming|The Kingsroad|Lord Snow|Cripples, Bastards, and Broken Things|" +
				"The Wolf and the Lion|A Golden Crown|You Win or You Die|The Pointy End|Baelor|Fire and Blood"},
			{2, 2012, 54, "The North Remembers|The Night Lands|What Is Dead May Never Die|Garden of Bones|" +
				"The Ghost of Harrenhal|The Old Gods and the New|A Man Without Honor|The Prince of Winterfell"}}},
}
