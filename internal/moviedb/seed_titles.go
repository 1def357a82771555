package moviedb

// This file is the course seed's title tables (docs/demo-data.md names the ones tests rely on). Movies: ids 1–71 in seed order with the original's
// title, year, genre, rating, runtime and TMDB id. TV shows: ids 1–3 with the original's numbers and
// episode counts; the seeded episodes are the first ones in broadcast order, each season one string
// of "|"-separated titles with a runtime and air year per season. Directors, creators and cast are
// names looked up in the people table ("Name=Character", separated by ";"); plots are one-line
// summaries written for the demo.

// movieRow is one movie of the seed.
type movieRow struct {
	title     string
	year      int32
	genre     string
	rating    float64
	runtime   int32
	tmdbID    int32
	directors string
	cast      string
	plot      string
}

var movieRows = []movieRow{
	{"The Shawshank Redemption", 1994, "DRAMA", 9.3, 142, 278, "Frank Darabont", "Tim Robbins=Andy Dufresne; Morgan Freeman=Ellis Boyd 'Red' Redding",
		"A banker sentenced to life for murder befriends a fellow inmate and quietly plans his way out over two decades."},
	{"The Godfather", 1972, "CRIME", 9.2, 175, 238, "Francis Ford Coppola", "Marlon Brando=Vito Corleone; Al Pacino=Michael Corleone; James Caan=Sonny Corleone",
		"The ageing patriarch of a crime family hands control to his reluctant youngest son."},
	{"The Godfather Part II", 1974, "CRIME", 9.0, 202, 240, "Francis Ford Coppola", "Al Pacino=Michael Corleone; Robert De Niro=Vito Corleone",
		"Michael tightens his grip on the family business while young Vito's rise in 1920s New York unfolds."},
	{"The Godfather Part III", 1990, "CRIME", 7.6, 162, 242, "Francis Ford Coppola", "Al Pacino=Michael Corleone; Andy Garcia=Vincent Mancini",
		"An ageing Michael Corleone tries to legitimise the family and pick a successor."},
	{"Forrest Gump", 1994, "DRAMA", 8.8, 142, 13, "Robert Zemeckis", "Tom Hanks=Forrest Gump; Robin Wright=Jenny Curran",
		"A kind-hearted man from Alabama drifts through decades of American history while loving one woman."},
	{"12 Angry Men", 1957, "DRAMA", 9.0, 96, 389, "Sidney Lumet", "Henry Fonda=Juror 8; Lee J. Cobb=Juror 3",
		"One juror's doubt slowly turns a room of eleven certain men in a murder trial."},
	{"Die Hard", 1988, "ACTION", 8.2, 132, 562, "John McTiernan", "Bruce Willis=John McClane; Alan Rickman=Hans Gruber",
		"A New York cop takes on a gang of thieves who seize a Los Angeles skyscraper on Christmas Eve."},
	{"Die Hard 2", 1990, "ACTION", 7.1, 124, 1573, "Renny Harlin", "Bruce Willis=John McClane; William Sadler=Colonel Stuart",
		"McClane fights mercenaries who take over a snowbound Washington airport."},
	{"Die Hard with a Vengeance", 1995, "ACTION", 7.7, 128, 1572, "John McTiernan", "Bruce Willis=John McClane; Samuel L. Jackson=Zeus Carver; Jeremy Irons=Simon Gruber",
		"A bomber sends McClane and a reluctant shopkeeper racing across New York."},
	{"Live Free or Die Hard", 2007, "ACTION", 7.2, 128, 1571, "Len Wiseman", "Bruce Willis=John McClane; Justin Long=Matt Farrell",
		"McClane and a young hacker stop a cyber attack that shuts down the country."},
	{"A Good Day to Die Hard", 2013, "ACTION", 5.3, 97, 47964, "John Moore", "Bruce Willis=John McClane; Jai Courtney=Jack McClane",
		"McClane travels to Moscow to help his estranged son, a CIA operative."},
	{"Top Gun: Maverick", 2022, "ACTION", 8.3, 130, 361743, "Joseph Kosinski", "Tom Cruise=Pete 'Maverick' Mitchell; Miles Teller=Bradley 'Rooster' Bradshaw",
		"A veteran test pilot trains a young squadron for a near-impossible mission."},
	{"Avengers: Endgame", 2019, "ACTION", 8.4, 181, 299534, "Anthony Russo; Joe Russo", "Robert Downey Jr.=Tony Stark; Chris Evans=Steve Rogers; Scarlett Johansson=Natasha Romanoff",
		"The surviving Avengers attempt one last move to undo Thanos's snap."},
	{"Groundhog Day", 1993, "COMEDY", 7.6, 101, 137, "Harold Ramis", "Bill Murray=Phil Connors; Andie MacDowell=Rita Hanson",
		"A cynical weatherman relives the same winter day in a small town until he gets it right."},
	{"The Grand Budapest Hotel", 2014, "COMEDY", 8.1, 99, 120467, "Wes Anderson", "Ralph Fiennes=M. Gustave; Tony Revolori=Zero Moustafa",
		"A legendary concierge and his lobby boy are caught up in the theft of a priceless painting."},
	{"Some Like It Hot", 1959, "COMEDY", 8.2, 121, 239, "Billy Wilder", "Marilyn Monroe=Sugar Kane; Tony Curtis=Joe; Jack Lemmon=Jerry",
		"Two musicians who witnessed a mob hit hide in an all-female band."},
	{"Airplane!", 1980, "COMEDY", 7.3, 88, 813, "Jim Abrahams; David Zucker; Jerry Zucker", "Robert Hays=Ted Striker; Julie Hagerty=Elaine Dickinson; Leslie Nielsen=Dr. Rumack",
		"A traumatised ex-pilot must land a passenger jet after the crew falls ill."},
	{"The Big Lebowski", 1998, "COMEDY", 7.8, 117, 115, "Joel Coen; Ethan Coen", "Jeff Bridges=The Dude; John Goodman=Walter Sobchak",
		"A laid-back bowler is mistaken for a millionaire and dragged into a kidnapping."},
	{"Ferris Bueller's Day Off", 1986, "COMEDY", 7.6, 103, 9377, "John Hughes", "Matthew Broderick=Ferris Bueller; Alan Ruck=Cameron Frye",
		"A high-school senior fakes sick for one perfect day in Chicago."},
	{"The Hangover", 2009, "COMEDY", 7.3, 100, 18785, "Todd Phillips", "Bradley Cooper=Phil Wenneck; Zach Galifianakis=Alan Garner",
		"Three friends wake up after a Las Vegas bachelor party with no memory and no groom."},
	{"The Nice Guys", 2016, "COMEDY", 7.1, 116, 290250, "Shane Black", "Russell Crowe=Jackson Healy; Ryan Gosling=Holland March",
		"An enforcer and a hapless private eye investigate a missing girl in 1977 Los Angeles."},
	{"The Death of Stalin", 2017, "COMEDY", 7.0, 107, 402897, "Armando Iannucci", "Steve Buscemi=Nikita Khrushchev; Simon Russell Beale=Lavrentiy Beria",
		"Stalin's inner circle scrambles for power in the days after his death."},
	{"Isle of Dogs", 2018, "COMEDY", 7.8, 101, 399174, "Wes Anderson", "Bryan Cranston=Chief; Edward Norton=Rex",
		"A boy searches a quarantined island for his dog after all dogs are exiled from Japan."},
	{"Booksmart", 2019, "COMEDY", 7.0, 102, 505600, "Olivia Wilde", "Kaitlyn Dever=Amy; Beanie Feldstein=Molly",
		"Two academic overachievers try to cram four years of fun into one night before graduation."},
	{"The Terminator", 1984, "SCIFI", 8.1, 107, 218, "James Cameron", "Arnold Schwarzenegger=The Terminator; Linda Hamilton=Sarah Connor; Michael Biehn=Kyle Reese",
		"A cyborg assassin is sent back in time to kill the mother of humanity's future leader."},
	{"Terminator 2: Judgment Day", 1991, "SCIFI", 8.6, 137, 280, "James Cameron", "Arnold Schwarzenegger=The Terminator; Linda Hamilton=Sarah Connor; Edward Furlong=John Connor",
		"A reprogrammed Terminator protects young John Connor from a liquid-metal killer."},
	{"Terminator 3: Rise of the Machines", 2003, "SCIFI", 6.3, 109, 296, "Jonathan Mostow", "Arnold Schwarzenegger=The Terminator; Nick Stahl=John Connor; Claire Danes=Kate Brewster",
		"John Connor, now adult, faces a new Terminator on the eve of Judgment Day."},
	{"Terminator Salvation", 2009, "SCIFI", 6.5, 115, 534, "McG", "Christian Bale=John Connor; Sam Worthington=Marcus Wright",
		"In a post-apocalyptic 2018, John Connor leads the resistance against Skynet."},
	{"Terminator Genisys", 2015, "SCIFI", 6.3, 126, 87101, "Alan Taylor", "Arnold Schwarzenegger=The Guardian; Emilia Clarke=Sarah Connor; Jai Courtney=Kyle Reese",
		"Kyle Reese travels back to 1984 and finds the timeline already changed."},
	{"Terminator: Dark Fate", 2019, "SCIFI", 6.2, 128, 290859, "Tim Miller", "Linda Hamilton=Sarah Connor; Arnold Schwarzenegger=T-800; Mackenzie Davis=Grace",
		"Sarah Connor and an enhanced soldier protect a young woman from a new Terminator."},
	{"Star Wars: Episode IV - A New Hope", 1977, "SCIFI", 8.6, 121, 11, "George Lucas", "Mark Hamill=Luke Skywalker; Harrison Ford=Han Solo; Carrie Fisher=Princess Leia Organa",
		"A farm boy joins a rebel princess, a smuggler and an old Jedi to destroy the Death Star."},
	{"Star Wars: Episode V - The Empire Strikes Back", 1980, "SCIFI", 8.7, 124, 1891, "Irvin Kershner", "Mark Hamill=Luke Skywalker; Harrison Ford=Han Solo; Carrie Fisher=Princess Leia Organa",
		"The Empire hunts the rebels while Luke trains with Yoda and learns a terrible truth."},
	{"Star Wars: Episode VI - Return of the Jedi", 1983, "SCIFI", 8.3, 131, 1892, "Richard Marquand", "Mark Hamill=Luke Skywalker; Harrison Ford=Han Solo; Carrie Fisher=Princess Leia Organa",
		"The rebels strike the second Death Star as Luke confronts Vader and the Emperor."},
	{"Star Wars: Episode I - The Phantom Menace", 1999, "SCIFI", 6.5, 136, 1893, "George Lucas", "Liam Neeson=Qui-Gon Jinn; Ewan McGregor=Obi-Wan Kenobi; Natalie Portman=Padmé Amidala",
		"Two Jedi escort a young queen and discover a gifted slave boy on Tatooine."},
	{"Star Wars: Episode II - Attack of the Clones", 2002, "SCIFI", 6.6, 142, 1894, "George Lucas", "Ewan McGregor=Obi-Wan Kenobi; Natalie Portman=Padmé Amidala; Hayden Christensen=Anakin Skywalker",
		"Anakin guards a senator while Obi-Wan uncovers a secret clone army."},
	{"Star Wars: Episode III - Revenge of the Sith", 2005, "SCIFI", 7.5, 140, 1895, "George Lucas", "Ewan McGregor=Obi-Wan Kenobi; Natalie Portman=Padmé Amidala; Hayden Christensen=Anakin Skywalker",
		"The Clone Wars end as Anakin Skywalker falls to the dark side."},
	{"Star Wars: Episode VII - The Force Awakens", 2015, "SCIFI", 7.9, 138, 140607, "J.J. Abrams", "Daisy Ridley=Rey; John Boyega=Finn; Harrison Ford=Han Solo",
		"A scavenger and a defecting stormtrooper are drawn into the search for Luke Skywalker."},
	{"Star Wars: Episode VIII - The Last Jedi", 2017, "SCIFI", 7.0, 152, 181808, "Rian Johnson", "Daisy Ridley=Rey; Mark Hamill=Luke Skywalker; Carrie Fisher=General Leia Organa",
		"Rey seeks training from a reluctant Luke while the Resistance flees the First Order."},
	{"Star Wars: Episode IX - The Rise of Skywalker", 2019, "SCIFI", 6.5, 142, 181812, "J.J. Abrams", "Daisy Ridley=Rey; Adam Driver=Kylo Ren",
		"The Resistance makes a final stand against a returned Emperor."},
	{"Inception", 2010, "SCIFI", 8.8, 148, 27205, "Christopher Nolan", "Leonardo DiCaprio=Dom Cobb; Joseph Gordon-Levitt=Arthur; Elliot Page=Ariadne",
		"A thief who steals secrets from dreams is hired to plant an idea instead."},
	{"Interstellar", 2014, "SCIFI", 8.6, 169, 157336, "Christopher Nolan", "Matthew McConaughey=Cooper; Anne Hathaway=Dr. Amelia Brand; Jessica Chastain=Murph",
		"Explorers travel through a wormhole to find humanity a new home."},
	{"The Matrix", 1999, "SCIFI", 8.7, 136, 603, "Lana Wachowski; Lilly Wachowski", "Keanu Reeves=Neo; Carrie-Anne Moss=Trinity",
		"A hacker learns that his world is a simulation run by machines and joins the rebellion against them."},
	{"The Matrix Reloaded", 2003, "SCIFI", 7.2, 138, 604, "Lana Wachowski; Lilly Wachowski", "Keanu Reeves=Neo; Carrie-Anne Moss=Trinity; Laurence Fishburne=Morpheus",
		"Neo and the rebels race to defend Zion as the machines close in."},
	{"The Matrix Revolutions", 2003, "SCIFI", 6.8, 129, 605, "Lana Wachowski; Lilly Wachowski", "Keanu Reeves=Neo; Carrie-Anne Moss=Trinity; Hugo Weaving=Agent Smith",
		"The war between humans and machines reaches its end as Neo faces Smith."},
	{"The Matrix Resurrections", 2021, "SCIFI", 5.7, 148, 624860, "Lana Wachowski", "Keanu Reeves=Neo; Carrie-Anne Moss=Trinity",
		"A game designer named Thomas Anderson begins to doubt his reality again."},
	{"Dune", 2021, "SCIFI", 7.9, 155, 438631, "Denis Villeneuve", "Timothée Chalamet=Paul Atreides; Rebecca Ferguson=Lady Jessica; Zendaya=Chani",
		"A noble family takes over the desert planet Arrakis and is betrayed."},
	{"Dune: Part Two", 2024, "SCIFI", 8.5, 167, 693134, "Denis Villeneuve", "Timothée Chalamet=Paul Atreides; Zendaya=Chani; Austin Butler=Feyd-Rautha",
		"Paul unites with the Fremen to take revenge on those who destroyed his family."},
	{"Goodfellas", 1990, "CRIME", 8.7, 145, 769, "Martin Scorsese", "Ray Liotta=Henry Hill; Robert De Niro=Jimmy Conway; Joe Pesci=Tommy DeVito",
		"Henry Hill rises through the mob over three decades and then turns informant."},
	{"Se7en", 1995, "THRILLER", 8.6, 127, 807, "David Fincher", "Brad Pitt=Detective David Mills; Morgan Freeman=Detective William Somerset",
		"Two detectives hunt a serial killer who models his murders on the seven deadly sins."},
	{"The Departed", 2006, "CRIME", 8.5, 151, 1422, "Martin Scorsese", "Leonardo DiCaprio=Billy Costigan; Matt Damon=Colin Sullivan; Jack Nicholson=Frank Costello",
		"An undercover cop and a mole in the police race to expose each other in Boston."},
	{"Knives Out", 2019, "MYSTERY", 7.9, 130, 546554, "Rian Johnson", "Daniel Craig=Benoit Blanc; Ana de Armas=Marta Cabrera",
		"A detective investigates the death of a wealthy crime novelist and his scheming family."},
	{"The Silence of the Lambs", 1991, "THRILLER", 8.6, 118, 274, "Jonathan Demme", "Jodie Foster=Clarice Starling; Anthony Hopkins=Hannibal Lecter",
		"An FBI trainee seeks a cannibal psychiatrist's help to catch another killer."},
	{"Taxi Driver", 1976, "CRIME", 8.3, 114, 103, "Martin Scorsese", "Robert De Niro=Travis Bickle; Jodie Foster=Iris",
		"A lonely night-shift cab driver in New York spirals towards violence."},
	{"A Quiet Place", 2018, "HORROR", 7.5, 90, 447332, "John Krasinski", "Emily Blunt=Evelyn Abbott; John Krasinski=Lee Abbott",
		"A family survives in silence in a world hunted by creatures that attack at any sound."},
	{"The Shining", 1980, "HORROR", 8.4, 146, 694, "Stanley Kubrick", "Jack Nicholson=Jack Torrance; Shelley Duvall=Wendy Torrance",
		"A writer wintering in an isolated hotel with his family slides into madness."},
	{"Alien", 1979, "HORROR", 8.5, 117, 348, "Ridley Scott", "Sigourney Weaver=Ellen Ripley; Tom Skerritt=Dallas",
		"The crew of a commercial spaceship is stalked by a deadly creature."},
	{"Psycho", 1960, "HORROR", 8.5, 109, 539, "Alfred Hitchcock", "Anthony Perkins=Norman Bates; Janet Leigh=Marion Crane",
		"A secretary on the run checks into a remote motel run by a troubled young man."},
	{"Get Out", 2017, "HORROR", 7.7, 104, 419430, "Jordan Peele", "Daniel Kaluuya=Chris Washington; Allison Williams=Rose Armitage",
		"A young man's weekend visit to his girlfriend's family turns sinister."},
	{"Hereditary", 2018, "HORROR", 7.1, 127, 493922, "Ari Aster", "Toni Collette=Annie Graham; Alex Wolff=Peter Graham",
		"After her mother's death, a woman uncovers her family's dark inheritance."},
	{"Casablanca", 1942, "ROMANCE", 8.5, 102, 289, "Michael Curtiz", "Humphrey Bogart=Rick Blaine; Ingrid Bergman=Ilsa Lund",
		"A nightclub owner in wartime Morocco must choose between love and doing right."},
	{"La La Land", 2016, "ROMANCE", 7.9, 128, 313369, "Damien Chazelle", "Ryan Gosling=Sebastian; Emma Stone=Mia",
		"A jazz pianist and an aspiring actress fall in love while chasing their dreams in Los Angeles."},
	{"Eternal Sunshine of the Spotless Mind", 2004, "ROMANCE", 8.3, 108, 38, "Michel Gondry", "Jim Carrey=Joel Barish; Kate Winslet=Clementine Kruczynski",
		"After a breakup, a man undergoes a procedure to erase his ex from his memory."},
	{"When Harry Met Sally", 1989, "ROMANCE", 7.6, 96, 639, "Rob Reiner", "Billy Crystal=Harry Burns; Meg Ryan=Sally Albright",
		"Two friends spend a decade arguing about whether men and women can just be friends."},
	{"Dunkirk", 2017, "WAR", 7.9, 106, 374720, "Christopher Nolan", "Fionn Whitehead=Tommy; Tom Hardy=Farrier; Kenneth Branagh=Commander Bolton",
		"Allied soldiers are evacuated from the beaches of Dunkirk by land, sea and air."},
	{"The Lord of the Rings: The Fellowship of the Ring", 2001, "FANTASY", 8.8, 178, 120, "Peter Jackson", "Elijah Wood=Frodo Baggins; Ian McKellen=Gandalf; Viggo Mortensen=Aragorn",
		"A hobbit sets out with eight companions to destroy a ring of terrible power."},
	{"The Lord of the Rings: The Two Towers", 2002, "FANTASY", 8.8, 179, 121, "Peter Jackson", "Elijah Wood=Frodo Baggins; Ian McKellen=Gandalf; Viggo Mortensen=Aragorn",
		"The fellowship is scattered while Frodo and Sam are led towards Mordor by Gollum."},
	{"The Lord of the Rings: The Return of the King", 2003, "FANTASY", 9.0, 201, 122, "Peter Jackson", "Elijah Wood=Frodo Baggins; Sean Astin=Samwise Gamgee; Viggo Mortensen=Aragorn",
		"Aragorn claims his throne as Frodo and Sam reach Mount Doom."},
	{"The Good, the Bad and the Ugly", 1966, "WESTERN", 8.8, 178, 429, "Sergio Leone", "Clint Eastwood=Blondie; Eli Wallach=Tuco; Lee Van Cleef=Angel Eyes",
		"Three gunslingers race to find a fortune in Confederate gold."},
	{"Unforgiven", 1992, "WESTERN", 8.2, 130, 33, "Clint Eastwood", "Clint Eastwood=William Munny; Gene Hackman=Little Bill Daggett; Morgan Freeman=Ned Logan",
		"A retired gunfighter takes one last bounty job."},
	{"Million Dollar Baby", 2004, "DRAMA", 8.1, 132, 70, "Clint Eastwood", "Clint Eastwood=Frankie Dunn; Hilary Swank=Maggie Fitzgerald; Morgan Freeman=Eddie Dupris",
		"A hardened boxing trainer takes on a determined young fighter."},
	{"Gran Torino", 2008, "DRAMA", 8.1, 116, 13223, "Clint Eastwood", "Clint Eastwood=Walt Kowalski; Bee Vang=Thao Vang Lor",
		"A grumpy Korean War veteran befriends the Hmong teenager next door."},
}

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
