<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="bg" tilewidth="8" tileheight="8" tilecount="1" columns="1">
 <image source="../tiles/bg.png" width="8" height="8"/>
</tileset>
