/**
 * About 1,150 passwords that appear again and again in published breach
 * lists, plus the Spanish and Guatemalan words, names and places people build
 * theirs from. Stored folded (lower case, no accents: "contraseña" is
 * "contrasena"); checkPasswordPolicy folds what it compares the same way.
 * Entries shorter than PASSWORD_MIN_LENGTH still matter: a password whose
 * letters are one of them with digits or symbols around it ("Mariposa2025!")
 * is refused too.
 */
const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  // Number runs, repeats and keyboard walks.
  ...words(`
    123456 1234567 12345678 123456789 1234567890 0123456789 01234567 12345679 123456780
    987654321 9876543210 0987654321 87654321 7654321 654321 54321 123321 1234554321 12344321
    123123 123123123 1231231234 321321 321321321 112233 11223344 1122334455 111222 11112222
    111222333 121212 12121212 131313 13131313 141414 202020 20202020 232323 252525 696969
    69696969 102030 10203040 1020304050 147258 147258369 147852 147852369 123654 123654789
    159357 159753 15975346 159753456 258456 258963 369258147 741852 741852963 789456
    789456123 789654123 963852 963852741 456123 456789 4567890 1234512345 12341234 123451234
    5201314 0000 00000 000000 0000000 00000000 000000000 0000000000 1111 11111 111111
    1111111 11111111 111111111 1111111111 2222 222222 22222222 3333 333333 33333333 4444
    444444 44444444 5555 555555 55555555 6666 666666 66666666 7777 777777 7777777 77777777
    8888 888888 88888888 9999 999999 99999999 999999999 1212 12345 1234 qwerty qwert qwertyu
    qwertyui qwertyuio qwertyuiop qwertyuiopn qwertz qwertzuiop azerty azertyuiop asdf asdfg
    asdfgh asdfghj asdfghjk asdfghjkl asdfghjkln asdfasdf asdasd asdasdasd zxcv zxcvb zxcvbn
    zxcvbnm zxczxc qweqwe qweqweqwe qweasd qweasdzxc qazwsx qazwsxedc qazwsxedcrfv 1qaz2wsx
    1qaz2wsx3edc 1qazxsw2 zaq12wsx zaq1xsw2 zaq1zaq1 1qaz1qaz !qaz2wsx 1qaz@wsx 1q2w3e
    1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e4r5t6y7u q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6
    a1b2c3d4 a1b2c3d4e5 a1s2d3f4 z1x2c3v4 1a2b3c4d abc123 abc1234 abc12345 abc123456
    abcd1234 abcde12345 1234abcd 123abc 123abc123 abcdef123 abcabc abcabcabc 123qwe
    123qweasd 123qweasdzxc qwe123 qwe123456 qwe12345 qwer1234 qwert123 qwert12345 12345qwert
    1234qwer asdf1234 zxcv1234 123asd 123asdf 123zxc a123456 a1234567 a12345678 a123456789
    123456a 1234567a 12345678a 123456789a aa123456 aa12345678 q123456 q1234567 qq123456
    1qwerty abcdef abcdefg abcdefgh abcdefghi abcdefghij aaaaaa aaaaaaaa zzzzzzzz xxxxxx
    xxxxxxxx
  `),
  // Passwords at the top of every published breach list.
  ...words(`
    password passwort passw0rd pa55word p4ssword p4ssw0rd passpass password1 password12
    password123 password1234 mypassword newpassword thepassword letmein letmeinnow welcome
    welcome1 welcome123 hello hello123 helloworld iloveyou iloveyou1 iloveyou2 iloveu
    loveyou loveme lovely lover trustno1 trustme admin admin1 admin12 admin123 admin1234
    administrator root toor changeme default guest test test123 testing qwerty1 qwerty12
    qwerty123 qwerty1234 monkey dragon master shadow sunshine princess football baseball
    basketball soccer hockey michael jordan jordan23 jennifer jessica michelle ashley nicole
    amanda samantha melissa superman batman spiderman starwars computer internet whatever
    freedom secret mustang corvette ferrari porsche mercedes yamaha harley camaro charlie
    thomas robert daniel andrew joshua matthew anthony william richard patrick justin george
    tigger buster hunter ranger killer maverick phoenix falcon eagles cowboys cowboy dallas
    austin boston chicago london thunder matrix diamond silver golden crystal orange purple
    yellow pepper ginger maggie bailey cookie chicken banana cheese coffee summer winter
    flower forever heaven angel angels access passion pokemon naruto minecraft fortnite
    roblox nintendo playstation xbox360 google facebook twitter youtube instagram tiktok
    netflix spotify samsung iphone android windows linux apple microsoft gandalf merlin
    wizard knight jasmine victoria natasha rachel heather hannah taylor morgan madison
    scooter snoopy sparky smokey peanut bulldog bigdog booboo boomer scooby mickey junior
    brandon chester johnny oliver edward charles dennis steven martin miller jackson golfer
    fishing tennis guitar music rockstar rockyou slipknot metallica nirvana blink182 eminem
    50cent lakers yankees redsox steelers raiders chelsea arsenal liverpool manchester
    manutd barcelona realmadrid juventus milan bayern football1 baseball1 princess1
    sunshine1 monkey1 dragon1 master1 shadow1 superman1 batman1 charlie1 michael1 jessica1
    jordan1 abcd angel1 babygirl babyboy baby sweetie sweetheart honey candy cupcake
    butterfly rainbow chocolate flowers lovers friends friend family blessed jesus christ
    trinity faith hope happy smile lucky magic secret1 zombie vampire pirate ninja samurai
    warrior soldier marine police doctor nurse teacher student school college newyork
    america texas california florida miami hockey1 qazwsx1 password! iloveyou! 1password
    123password password01 passw0rd1 p@ssw0rd p@ssword p@55w0rd pa$$word pa$$w0rd welcome01
    changeme1 letmein1 letmein123 trustno01 starwars1 pokemon1 minecraft1 computer1
    internet1 whatever1 freedom1 diamond1 liverpool1 chelsea1 arsenal1 iloveyou12
    iloveyou123 loveyou1 lovely1 sunshine12 princess12
  `),
  // Spanish words people choose (and Guatemala's places, food, sayings and teams).
  ...words(`
    contrasena contrasena1 micontrasena nuevacontrasena nuevaclave clave claves clave123
    miclave clavesecreta secreto secreta misecreto usuario usuarios miusuario administrador
    sistema sistemas soporte informatica computadora computador correo correos celular
    telefono escuela colegio universidad estudiante maestro maestra profesor profesora
    trabajo oficina empresa negocio dinero plata millonario suerte esperanza felicidad
    alegria libertad amistad amigos amigas amigo amiga novio novia esposo esposa casa micasa
    hogar familia mifamilia hermano hermana hermanos hermanas mama mamita mami papa papito
    papi abuela abuelita abuelo hijo hija hijos mishijos mihijo mihija bebe bebita bebito
    nene nena teamo teamomucho teamoamor tequiero tequieromucho teextrano amor amores
    amorcito amorcita amormio miamor miamorcito mivida mividamia micorazon corazon carino
    carinito princesa princesita reina reinita mireina mirey rey mariposa mariposas estrella
    estrellita luna lunita sol solecito cielo cielito mundo angelito angelita angeles diosa
    dios diosmio diosesamor diosteama diosesfiel diosesbueno jesucristo cristo jehova
    aleluya amen bendicion bendiciones bendecida bendecido gracias graciasdios fe mife
    chocolates fresa fresita manzana naranja platano mango sandia tomate aguacate frijol
    frijoles tortilla tortillas tamales tamal chuchito pupusa pupusas pepian shuco chapin
    chapina chapines chapinlandia guate guatemala guatemalteco guatemalteca guatemalacity
    guatecity quetzal quetzales quetzaltenango xela xelaju antigua antiguaguatemala peten
    tikal atitlan panajachel coban escuintla mixco villanueva huehuetenango huehue zacapa
    chiquimula jutiapa jalapa retalhuleu mazatenango izabal livingston solola totonicapan
    chimaltenango sacatepequez amatitlan comunicaciones cremas municipal rojos losrojos
    loscremas malacateco cobanimperial marimba volcan fuego pacaya chichicastenango ceiba
    quetzalito chilero chilera patojo patoja cuate cuates puchica canche chavo chava chucho
    chula chulo bonita bonito linda lindo hermosa hermoso preciosa precioso guapa guapo
    negrita negrito morena moreno gordo gorda gordito gordita flaco flaca chaparro chaparra
    guero guera rubia rubio mona mono chino china loco loca locura payaso perro perrito
    perrita gato gatito gatita conejo conejito tigre leon leona lobo lobito aguila caballo
    pajaro tortuga dragones guerrero guerrera campeon campeona ganador futbol futbolista
    futbolito pelota goles musica cancion salsa bachata reggaeton cumbia fiesta verano
    invierno primavera otono enero febrero marzo abril mayo junio julio agosto septiembre
    octubre noviembre diciembre lunes martes miercoles jueves viernes sabado domingo navidad
    feliz felicidades hola holahola holamundo holacomoestas adios bienvenido bienvenida
    unodostres unodostrescuatro mexico colombia argentina venezuela honduras elsalvador
    salvador nicaragua costarica panama peru chile ecuador bolivia uruguay paraguay espana
    madrid cuba puertorico dominicana soloyo nadie noseque nose sinclave yosoy yomismo
    taquilla boletos boleto entradas concierto conciertos teatro evento eventos
  `),
  // First names common in Guatemala and the rest of Latin America.
  ...words(`
    maria mariajose mariafernanda mariadelcarmen mariaelena jose josue juan juanpablo
    juancarlos juanjose josemaria joseluis joseantonio luis luisa luisfernando carlos jorge
    pedro pablo miguel miguelangel francisco fernando alejandro alejandra andres andrea ana
    anita daniela david diego eduardo elena emilio esteban fabiola gabriel gabriela gerardo
    gloria guillermo gustavo hector hugo ignacio isabel javier jonathan julia karla karina
    laura leonardo lorena lucia manuel marcos mario marta martha monica natalia oscar
    patricia paola rafael raul ricardo roberto rodrigo rosa ruben samuel sandra santiago
    sara sebastian sergio silvia sofia susana teresa valentina valeria veronica victor
    ximena yolanda adriana alberto alfredo alicia antonio arturo beatriz camila carmen
    carolina catalina cecilia claudia cristian cristina diana dulce edgar elizabeth enrique
    erick ernesto estefania fatima felipe genesis guadalupe ingrid iris ivan jacqueline
    jaime joaquin karen kevin leticia lizbeth marcela margarita mariana marisol mauricio
    milagros miriam nancy norma omar pamela raquel rebeca rocio rolando rosario sonia tania
    vanessa walter wendy yesenia brenda evelyn heidy josselyn dayana kimberly emily emely
    allison mateo matias nicolas benjamin isaac abraham moises elias angelica jazmin mayra
    maribel marlon edwin byron elmer selvin wilson nelson otto rony mynor cesar
  `),
  // Footballers, clubs, brands and shows people reuse.
  ...words(`
    messi cristiano ronaldo cr7 neymar mbappe maradona pele chicharito barca chivas pumas
    cruzazul tigres monterrey boca river psg bayernmunich realmadrid1 barcelona1 superman123
    pokemon123 naruto123 goku vegeta sasuke pikachu zelda hogwarts harrypotter startrek
    ironman hulk thor avengers marvel disney frozen simpsons shrek toyota honda nissan mazda
    chevrolet bmw audi volkswagen whatsapp gmail hotmail yahoo
  `),
]);
